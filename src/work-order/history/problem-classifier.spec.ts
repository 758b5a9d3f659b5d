import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { unnamedMachineTest, unnamedMachineWeights } from '../diagnosis/knowledge-diagnosis';
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

  it('files a fix done on a request that reads as another problem under what the request reads as', () => {
    // A filter change on an "AC blowing warm air" request: retrieval should find it with AC requests.
    const warm = classifier.classify('Office AC blowing warm air all afternoon', 'kb:cooling-dirty-filter');
    expect(warm?.problemId).toBe(classifier.candidates('Office AC blowing warm air all afternoon')[0].problemId);
    expect(warm?.problemId).not.toBe('cooling-dirty-filter');
    // The request reads as the filter problem too (of the other trade sharing the fix): the fix's problem holds.
    expect(classifier.classify('Air filter in the cooling unit is dirty, please change it', 'kb:cooling-dirty-filter')?.problemId).toMatch(/dirty-filter$/);
    // A request that reads as nothing is filed under its fix's problem.
    expect(classifier.classify('please call me back', 'kb:cooling-dirty-filter')).toEqual({ problemId: 'cooling-dirty-filter', trade: 'hvac-cooling' });
  });

  it('lists the plausible problems of an incoming order, most likely first', () => {
    const candidates = classifier.candidates('toilet keeps running');
    expect(candidates[0].trade).toBe('plumbing');
    expect(candidates.length).toBeLessThanOrEqual(3);
  });

  it('puts first the problem the diagnosis reads the request as, and still searches what its words name', () => {
    // The words alone read a sink leak first; the context ("droppings" under a sink) makes it mice.
    const candidates = classifier.candidates('seeing mice droppings under the kitchen sink').map((c) => c.problemId);
    expect(candidates[0]).toBe('mice');
    expect(candidates).toContain('sink-drain-leak');
  });

  it.each([
    ['seeing mice droppings under the kitchen sink', 'pest-control'],
    ['ants near the patio door', 'pest-control'],
    ['Water dripping from ceiling in bathroom, coming from the apartment upstairs', 'plumbing'],
  ])('reads %p as the diagnosis does, without the problems its words alone would name', (text, trade) => {
    const read = classifier.readAs(text);
    expect(read.length).toBeGreaterThan(0);
    expect(new Set(read.map((p) => p.trade))).toEqual(new Set([trade]));
  });

  it.each([
    ['ants near the patio door', 'pest-control'],
    ['Student in dorm 3 reports ants all over the windowsill', 'pest-control'],
  ])('puts first the problem the diagnosis reads %p as, also when the words alone put another object first', (text, trade) => {
    const candidates = classifier.candidates(text);
    expect(candidates[0].trade).toBe(trade);
    expect(candidates.length).toBeLessThanOrEqual(3);
  });

  it.each([
    ['circulation pump in the boiler room is leaking at the seal', 'pool-equipment-fault'],
    ['the sump pump will not start, water rising in the pit', 'pool-equipment-fault'],
  ])('does not file %p under a machine it does not name', (text, machineProblem) => {
    // A problem of one machine (`named_by`) needs the machine named, as the diagnosis reads it.
    expect(classifier.classify(text, null)?.problemId).not.toBe(machineProblem);
    expect(classifier.candidates(text).map((c) => c.problemId)).not.toContain(machineProblem);
  });

  it.each([
    'the pool pump will not start',
    'circulation pump in the boiler room is leaking at the seal',
    'dishwashr leaves the plates dirty',
    'dryer runs but the clothes come out damp',
    'no heat in the apartment since last night',
    'the washing machine and the dryer both stopped',
    '',
  ])('asks about one machine problem at a time the way the diagnosis weighs them all, for %p', (text) => {
    // The classifier's test of a problem and the diagnosis' weights must leave out the same machines.
    const kb = loadKnowledgeBase();
    const weights = unnamedMachineWeights(kb, text);
    const unnamed = unnamedMachineTest(kb, text);
    for (const problem of kb.problems) expect([problem.id, unnamed(problem.id)]).toEqual([problem.id, weights.has(problem.id)]);
  });

  it('still files a request that names the machine under its problem', () => {
    expect(classifier.classify('the pool pump will not start', null)?.problemId).toBe('pool-equipment-fault');
  });

  it.each(['3rd floor mens room sink is leaking underneath', 'Sink on the second floor leaking under the cabinet'])(
    'reads the storey in %p as a place, not as a floor to repair',
    (text) => {
      expect(classifier.candidates(text).map((c) => c.trade)).not.toContain('flooring');
    },
  );

  it.each(['toilet in the 3rd floor restroom will not stop running', 'sink on the 2nd floor is dripping'])(
    'reads the storey in %p as a place when it reads the request as the diagnosis does, not as water on the floor',
    (text) => {
      // The diagnosis matches the text without its storeys: the fixes and tickets shown must concern the same problems.
      expect(classifier.readAs(text).map((p) => p.problemId)).not.toContain('fixture-overflow-flood');
      expect(classifier.candidates(text).map((p) => p.problemId)).not.toContain('fixture-overflow-flood');
    },
  );

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
      readAs(): TicketProblem[] {
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
