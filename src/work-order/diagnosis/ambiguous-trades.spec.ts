import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { writtenDispatchRows } from '../../../test/support/trade-shapes';
import { tallyTop3 } from '../../../test/support/top3-trades';
import { offlineAnswer } from './offline-answer';

/**
 * Issue 21, thirteenth round: when the first trade is uncertain, the second and third diagnoses are
 * there for the trade it might be instead. Requests written for this spec in four styles, each
 * genuinely open between two trades: a coordinator must find both among the three diagnoses.
 */
const AMBIGUOUS: { style: string; text: string; trades: [string, string] }[] = [
  // apartment tenants
  { style: 'tenant', text: 'water dripping from the bathroom ceiling every time it storms', trades: ['roofing-gutters', 'plumbing'] },
  { style: 'tenant', text: 'no hot water and the radiators are cold too', trades: ['water-heater', 'hvac-heating'] },
  { style: 'tenant', text: "there's water on the floor next to the furnace closet", trades: ['hvac-heating', 'water-heater'] },
  { style: 'tenant', text: 'water stain spreading on the ceiling under the upstairs bathroom, paint bubbling', trades: ['plumbing', 'drywall-paint'] },
  { style: 'tenant', text: "our kitchen sink smells like sewage and the dishwasher won't drain", trades: ['drains-sewer', 'appliance'] },
  { style: 'tenant', text: 'the fridge is warm and the outlet behind it feels hot', trades: ['appliance', 'electrical'] },
  // student housing
  { style: 'student housing', text: 'RA here: the lounge ceiling has a brown stain and it drips when it rains', trades: ['roofing-gutters', 'drywall-paint'] },
  { style: 'student housing', text: "our suite's shower drain is slow and water leaks into the room below", trades: ['drains-sewer', 'plumbing'] },
  // university facilities (CMMS titles)
  { style: 'facilities', text: 'BLDG 14 RM 112 - CEILING LEAK OVER LAB BENCH', trades: ['plumbing', 'roofing-gutters'] },
  { style: 'facilities', text: 'LIBRARY 2ND FL - WINDOW LEAKING DURING RAIN, CARPET WET', trades: ['windows-glass', 'roofing-gutters'] },
  { style: 'facilities', text: 'GYM - EXHAUST FAN NOT RUNNING, BREAKER TRIPPED', trades: ['electrical', 'hvac-cooling'] },
  // city housing code
  { style: 'housing code', text: 'Tenant reports no heat and no hot water from the boiler', trades: ['hvac-heating', 'water-heater'] },
  { style: 'housing code', text: 'Window frame deteriorated; water infiltration damaging interior wall', trades: ['windows-glass', 'drywall-paint'] },
];

describe('diagnoses two and three when the first trade is uncertain (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const answer = offlineAnswer(kb);
  const summer = new Date('2026-06-15T12:00:00Z');

  it.each(AMBIGUOUS.map((r) => [r.style, r.text, r.trades] as const))('%s: "%s" names both %p among its diagnoses', (_style, text, [a, b]) => {
    const trades = answer(text, summer).trades;
    expect(trades).toContain(a);
    expect(trades).toContain(b);
  });

  it('keeps the likelihoods of an answer that gives a place to another trade within the documented bounds', () => {
    for (const { text } of AMBIGUOUS) {
      const { likelihoods } = answer(text, summer);
      // Each likelihood is stated to three decimals.
      expect(likelihoods.reduce((s, p) => s + p, 0)).toBeLessThanOrEqual(0.98 + 0.0015);
      expect([...likelihoods].sort((x, y) => y - x)).toEqual(likelihoods);
      expect(Math.max(...likelihoods)).toBeLessThanOrEqual(0.96);
    }
  });

  describe('on every written dispatch request', () => {
    const tally = tallyTop3(
      kb,
      writtenDispatchRows().map((r) => ({ text: r.text, accepted: r.listed, entered: summer })),
    );

    // Measured 82.4% (49.1% before the thirteenth round): an unsure answer names three trades.
    it('names three trades in at least 75% of the answers of three diagnoses unsure of their top trade (below 0.7)', () => {
      expect(tally.unsureOfThree).toBeGreaterThanOrEqual(100);
      expect(tally.threeTradesUnsure / tally.unsureOfThree).toBeGreaterThanOrEqual(0.75);
    });

    // Measured 51 of 63 (47 of 63 before): a wrong first trade is mostly one the second or third diagnosis corrects.
    // Session 18: 42 of 55. Three requests the second or third diagnosis used to correct are now right
    // first (a siding, a stall latch, a wardrobe door), which shrinks both counts; one lost its
    // correction (a rotted cabinet shelf under a sink: the handyman's cabinet problem fell below the
    // shown likelihoods). The floor follows the share, and the unrescued count is held beside it.
    it('names the right trade second or third in at least 75% of the answers whose first trade is wrong', () => {
      expect(tally.wrongFirst).toBeGreaterThanOrEqual(30);
      expect(tally.rescued / tally.wrongFirst).toBeGreaterThanOrEqual(0.75);
      expect(tally.wrongFirst - tally.rescued).toBeLessThanOrEqual(13);
    });
  });
});
