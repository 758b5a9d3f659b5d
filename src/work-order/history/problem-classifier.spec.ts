import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { CachedProblemClassifier, KnowledgeProblemClassifier, ProblemClassifier, TicketProblem } from './problem-classifier';

describe('problem classifier', () => {
  const classifier = new KnowledgeProblemClassifier(loadKnowledgeBase());

  it('ties a work order to the problem its fix names, else to the one its description reads as', () => {
    expect(classifier.classify('toilet keeps running', 'kb:toilet-fill-valve-failure')).toEqual({ problemId: 'toilet-fill-valve-failure', trade: 'plumbing' });
    expect(classifier.classify('mice droppings in the kitchen cabinets', null)?.trade).toBe('pest-control');
    expect(classifier.classify('SIRRINE HALL - RM 200G - PLEASE SPRAY OFFICE FOR ANTS', null)?.trade).toBe('pest-control');
    expect(classifier.classify('please call me back', null)).toBeNull();
  });

  it('lets the description choose among problems that share the fix it names', () => {
    // "Replace thermostat" is the fix of a heating and a cooling thermostat problem alike.
    expect(classifier.classify('No heat in the office, the thermostat screen is blank', 'kb:cooling-thermostat-fault')?.problemId).toBe(
      'thermostat-malfunction',
    );
    expect(classifier.classify('Room is 80 degrees and the thermostat will not turn the AC on', 'kb:thermostat-malfunction')?.problemId).toBe(
      'cooling-thermostat-fault',
    );
  });

  it('lists the plausible problems of an incoming order, most likely first', () => {
    const candidates = classifier.candidates('toilet keeps running');
    expect(candidates[0].trade).toBe('plumbing');
    expect(candidates.length).toBeLessThanOrEqual(3);
  });

  it('classifies a repeated description once', () => {
    let calls = 0;
    const counting = new (class extends ProblemClassifier {
      classify(): TicketProblem | null {
        calls++;
        return null;
      }
      candidates(): TicketProblem[] {
        return [];
      }
    })();
    const cached = new CachedProblemClassifier(counting, 2);
    cached.classify('a', null);
    cached.classify('a', null);
    cached.classify('a', 'kb:x');
    expect(calls).toBe(2);
    cached.classify('b', null);
    cached.classify('a', null); // the oldest entry was dropped past two entries
    expect(calls).toBe(4);
  });
});
