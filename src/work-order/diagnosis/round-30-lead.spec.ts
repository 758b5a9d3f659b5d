import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Round 30 (session 30, the lead): a water heater or furnace asked to be replaced for its age was read
 * as a chirping carbon monoxide detector ("end of life"), an old appliance to haul away or a
 * sediment noise. Every wording below was written for this spec; each was answered wrong before.
 */
describe('planned replacement of an aging water heater or furnace (issue 21, round 30)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-05-12T14:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description })).diagnoses;

  it.each([
    ['WTR HTR APT 12 - END OF LIFE, REPLACE', 'water-heater', /water heater/i],
    ['the hot water tank in 4B is nearly 20 years old, please budget a new one', 'water-heater', /water heater/i],
    ['Turnover 310: water heater rusty around the base, not leaking, replace while vacant', 'water-heater', /water heater/i],
    ['furnace in unit 7 is original to the building, quote a replacement', 'hvac-heating', /furnace/i],
  ])('"%s" leads with a planned replacement for the %s trade', async (text, trade, name) => {
    const [top] = await answer(text);
    expect(top.trade).toBe(trade);
    expect(top.diagnosis).toMatch(name);
    expect(top.diagnosis).toMatch(/replacement/i);
    // Planned work: never an emergency, and priced as a whole new unit.
    expect(top.severity).not.toBe('emergency');
    expect(Number(top.pricing.total.replace(/[^0-9.]/g, ''))).toBeGreaterThan(1000);
  });

  // A failure of the same machines keeps its own repair.
  it.each([
    ['water heater leaking from the bottom onto the closet floor', /leak/i],
    ['pilot on the water heater keeps going out', /pilot/i],
    ['furnace blows cold air and the igniter does not glow', /light|ignit/i],
  ])('while "%s" keeps its own problem', async (text, name) => {
    const [top] = await answer(text);
    expect(top.diagnosis).toMatch(name);
  });
});
