import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { problemIdNamed } from '../../knowledge/tenant-questions';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline, vendorTypeOf } from './knowledge-diagnosis';
import { insightsBeside, readSeveralProblems } from './several-problems';
import { withTriage } from './triaged-diagnosis';

/**
 * Issue 21 (several24): two problems for two trades in one request, joined in the ways people write
 * them. The dispatch goes to the more urgent problem, and the other is named beside it: in the
 * insights, to dispatch separately, or among the diagnoses. Before, a comma, an "and" before a bare
 * noun phrase or after a clause whose verb the reader had no word for ("sticks", "sounding") left the
 * request one complaint: the second problem vanished from the answer, or, more urgent, did not lead.
 */
describe('two problems for two trades in one request, by how they are joined (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const winter = new Date('2026-01-20T12:00:00Z');
  /** The answer as DiagnosisService gives it offline: its diagnoses' trades and its insights. */
  const answer = (request: string): { trades: string[]; insights: string[] } => {
    const complaint = complaintText(request);
    const several = readSeveralProblems(kb, complaint, winter);
    const triage = triageUrgency(complaint, { now: winter });
    const situations = new Set(triage.reasons.map((r) => r.category));
    const diagnoses = withTriage(diagnoseOffline(kb, { text: several.text, situations, safetyFlags: [], history: new Map() }), triage);
    const ids = diagnoses.map((d) => problemIdNamed(kb, d.diagnosis));
    return { trades: diagnoses.map((d) => d.trade), insights: insightsBeside(kb, several, diagnoses[0]?.trade, ids[0], situations, ids) };
  };
  /** Whether the answer names the other trade's job: among its diagnoses, or in an insight for that trade's vendor. */
  const names = (a: { trades: string[]; insights: string[] }, trade: string): boolean =>
    a.trades.includes(trade) || a.insights.some((i) => i.startsWith('Also reported') && i.includes(`(${vendorTypeOf(kb, trade)})`));

  it.each([
    // "and" between two clauses, the first with a verb the reader had no word for
    ['the key to our back door sticks in the lock and the hallway rug is ripped', 'doors-locks', 'flooring'],
    // "and" before a thing named without a verb of its own
    ['fridge not cooling and ants all over the counter', 'appliance', 'pest-control'],
    // a comma list
    ['washer wont drain, mice droppings in the pantry', 'appliance', 'pest-control'],
    // a campus work order with two rooms in one line
    ['Lab 3B fume hood alarm sounding, Lab 3C carpet torn at the doorway', 'hvac-cooling', 'flooring'],
    // a text with no punctuation
    ['my ac is not cooling and there are ants everywhere', 'hvac-cooling', 'pest-control'],
  ])('"%s": as urgent as each other, the first told leads (%s) and the other (%s) is named', (request, lead, other) => {
    const a = answer(request);
    expect(a.trades[0]).toBe(lead);
    expect(names(a, other)).toBe(true);
  });

  it.each([
    ['the closet door is off the track and water is pouring from the ceiling', 'plumbing', 'general-handyman'],
    ['stove burner wont light, window latch broken', 'windows-glass', 'appliance'],
  ])('"%s": the more urgent problem leads (%s) and the other (%s) is named', (request, lead, other) => {
    const a = answer(request);
    expect(a.trades[0]).toBe(lead);
    expect(names(a, other)).toBe(true);
  });

  it.each([
    ['water coming through the bathroom ceiling, the drywall is wet and sagging', 'plumbing'],
    ['the unit is leaking, the carpet is soaked', 'plumbing'],
    ['the dishwasher leaks and the kitchen floor is wet', 'appliance'],
    ['roaches in the kitchen and the bathroom', 'pest-control'],
    ['the sink and the toilet are both clogged', 'drains-sewer'],
    ['my ac is not cooling, it is 85 degrees in here', 'hvac-cooling'],
    ['the front door lock is broken and I cannot lock my door', 'doors-locks'],
    ['the AC vents, especially the one by my desk, smell like something burning', 'hvac-cooling'],
    ['my toilet runs all night and will not stop, and last night it overflowed a bit, which we mopped up', 'plumbing'],
    ['our toilet keeps running day and night and will not stop, and last week it spilled over the rim a bit, which I wiped up', 'plumbing'],
    ["my toilet keeps running all night and won't stop, and earlier it spilled over the top a little", 'plumbing'],
  ])('"%s": one problem told twice stays one job (%s), with no second one named', (request, trade) => {
    const a = answer(request);
    expect(a.trades[0]).toBe(trade);
    expect(a.insights.filter((i) => i.startsWith('Also reported'))).toEqual([]);
  });
});
