import { noInsightFacts } from '../../../test/support/insight-facts';
import { deterministicInsights, InsightFacts } from './insights';

const facts = (asset: InsightFacts['asset']): InsightFacts => noInsightFacts({ now: new Date('2026-11-29T12:00:00Z'), asset });
const ageLine = (asset: InsightFacts['asset']) => deterministicInsights(facts(asset)).find((i) => i.includes('years old'));

/**
 * Review 28: a refrigerator whose serial's 10-year date code reads 2025 or 2015 was told "about
 * 1.7 years old: a repair is usually worthwhile", while its profile asked to confirm the date. The
 * insight a manager approves a repair on says the age is an assumption and what the other reading means.
 */
describe('deterministicInsights: the age of an asset whose serial fits several years', () => {
  it('says the age holds only for the newest reading, and gives the other', () => {
    const line = ageLine({
      label: 'refrigerator (Whirlpool WRF555SDFZ)',
      ageYears: 1.7,
      typicalLifeYears: 13,
      madeIn: 2025,
      otherReadings: [{ year: 2015, ageYears: 11.7 }],
    });
    expect(line).toBe(
      'The refrigerator (Whirlpool WRF555SDFZ) is about 1.7 years old if it was made in 2025 (typical life 13 years): a repair is usually worthwhile. ' +
        'Its serial also fits 2015 (about 11.7 years old): confirm the date on the plate before approving a major repair.',
    );
  });

  it('says nothing of doubt when the serial gives one date, or when every reading is past the life anyway', () => {
    expect(ageLine({ label: 'gas furnace (Carrier 59SC5A080S17)', ageYears: 11.5, typicalLifeYears: 18, madeIn: 2015, otherReadings: [] })).toBe(
      'The gas furnace (Carrier 59SC5A080S17) is about 11.5 years old (typical life 18 years): a repair is usually worthwhile.',
    );
    expect(
      ageLine({ label: 'refrigerator (GE GTS18)', ageYears: 14.2, typicalLifeYears: 13, madeIn: 2012, otherReadings: [{ year: 2000, ageYears: 26.2 }] }),
    ).toBe('The refrigerator (GE GTS18) is about 14.2 years old, past its typical 13-year life: price a replacement alongside this repair.');
  });
});
