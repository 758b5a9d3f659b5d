import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { triageInsights } from './triaged-diagnosis';
import { deterministicInsights, InsightFacts } from './insights';

describe('deterministicInsights: what to ask before dispatching', () => {
  const facts = (vendorType: string): InsightFacts => ({
    now: new Date('2026-06-15T12:00:00Z'),
    safetyFlags: [],
    unitKey: null,
    assetKey: null,
    similar: [],
    previousFixes: [],
    calledBack: new Set(),
    estimatedCost: null,
    averageCost: 0,
    asset: null,
    dispatch: { vendorType, questions: ['Is the power out in one outlet or the whole unit?'] },
  });
  const question = (vendorType: string) => deterministicInsights(facts(vendorType)).find((i) => i.startsWith('Before sending'));

  it.each([
    ['Electrician', 'Before sending the electrician, ask the occupant: Is the power out in one outlet or the whole unit?'],
    ['HVAC technician', 'Before sending the HVAC technician, ask the occupant: Is the power out in one outlet or the whole unit?'],
    ['Appliance technician', 'Before sending the appliance technician, ask the occupant: Is the power out in one outlet or the whole unit?'],
    ['Movers', 'Before sending the movers, ask the occupant: Is the power out in one outlet or the whole unit?'],
  ])('names the %s as a sentence reads', (vendorType, expected) => {
    expect(question(vendorType)).toBe(expected);
  });

  it('asks nothing when the trade has no questions', () => {
    expect(question('Electrician')).toBeDefined();
    expect(deterministicInsights({ ...facts('Electrician'), dispatch: { vendorType: 'Electrician', questions: [] } }).some((i) => i.startsWith('Before'))).toBe(
      false,
    );
  });
});

describe('triageInsights', () => {
  it("labels each situation with its own urgency, not the request's highest", () => {
    const notes = triageInsights(triageUrgency('strong gas smell in the kitchen and the bathroom faucet is leaking', { coldSeason: false }));
    expect(notes[0]).toMatch(/^Emergency: Possible gas leak/);
    expect(notes.slice(1)).toEqual([expect.stringMatching(/^Urgent \(same or next day\): /)]);
  });
});
