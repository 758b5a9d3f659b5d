import { loadAssetKnowledge } from '../knowledge/knowledge.loader';
import { buildAssetProfile } from './asset-profile.builder';
import { normalizeBrand } from './brand-normalizer';
import { resolveManufactureDate } from './date-resolver';
import { readSerial } from './serial-decoder';

const KNOWLEDGE = loadAssetKnowledge();
const NOW = new Date('2026-11-22T12:00:00Z');

function familiesOf(brand: string): string[] {
  const match = normalizeBrand(KNOWLEDGE, brand);
  expect(match.brand).not.toBeNull();
  return match.brand!.serialFamilies;
}

describe('brands mapped to serial families (issue 14)', () => {
  it.each([
    ['Heil', 'icp'],
    ['Tempstar', 'icp'],
    ['Comfortmaker', 'icp'],
    ['Arcoaire', 'icp'],
    ['Airquest', 'icp'],
    ['Reliance', 'ao-smith'],
    ['State', 'ao-smith'],
    ['Intertherm', 'nordyne'],
    ['Gibson', 'nordyne'],
    ['Frigidaire HVAC', 'nordyne'],
    ['Maytag HVAC', 'nordyne'],
    ['Bosch', 'bosch'],
    ['John Wood', 'gsw'],
    ['Marathon', 'marathon'],
    ['Samsung', 'samsung-hvac'],
  ])('%s reads serials with the %s family', (brand, family) => {
    expect(familiesOf(brand)).toContain(family);
  });

  it('reads a Nordyne serial under a Nortek brand and not under Carrier', () => {
    expect(readSerial(KNOWLEDGE, 'GBB030708229', familiesOf('Gibson'), NOW).readings).toEqual([expect.objectContaining({ year: 2003, month: 7 })]);
    expect(readSerial(KNOWLEDGE, 'GBB030708229', familiesOf('Carrier'), NOW).readings).toEqual([]);
  });
});

describe('families without a public date rule say so instead of guessing', () => {
  const NOT_DECODABLE = ['fujitsu', 'navien', 'noritz', 'weil-mclain', 'burnham', 'haier', 'insinkerator'];

  it.each(NOT_DECODABLE)('%s is marked not decodable, with a reason and no formats', (id) => {
    const k = KNOWLEDGE;
    const family = k.families.get(id)!;
    expect(family.decodable).toBe(false);
    expect(family.source).toMatch(/no public|not publicly documented|not encoded in a published way/i);
    expect(k.formatsByFamily.get(id) ?? []).toEqual([]);
  });

  it.each([
    ['Fujitsu', 'ASU12RLS3', 'E012345', /no public Fujitsu General rule/],
    ['Noritz', 'NRC111-DV', '1234567890', /no public Noritz rule/],
  ])('the profile of a %s unit gives no serial date and says why', (brand, model, serial, why) => {
    const p = buildAssetProfile(KNOWLEDGE, { brand, model, serial, now: NOW });
    expect(p.manufacture_date.year).toBeNull();
    expect(p.warnings.join()).toMatch(why);
    expect(p.warnings.join()).toMatch(/Read the manufacture date on the plate/);
  });

  it('counts at least 30 serial families, of which at least 25 decode a date', () => {
    const families = [...KNOWLEDGE.families.values()];
    expect(families.length).toBeGreaterThanOrEqual(30);
    expect(families.filter((f) => f.decodable && (KNOWLEDGE.formatsByFamily.get(f.id) ?? []).length > 0).length).toBeGreaterThanOrEqual(25);
  });
});

describe("Bradford White's 20-year letter cycle: every candidate listed, ambiguity resolved by context", () => {
  // B = 1985, 2005 or 2025; H = August (Bradford White Service Bulletin #100). Published as August 2005.
  const readings = readSerial(KNOWLEDGE, 'BH6511396', ['bradford-white'], NOW).readings;

  it('lists every year the letter can stand for', () => {
    expect(readings.map((r) => r.year)).toEqual([1985, 2005, 2025]);
    expect(readings.every((r) => r.month === 8 && r.cycleYears === 20)).toBe(true);
  });

  it('takes the year the plate prints, and says why the others were not chosen', () => {
    const { date } = resolveManufactureDate(readings, { plateDate: { year: 2005 }, plausibleMaxAgeYears: 30, now: NOW });
    expect(date.year).toBe(2005);
    expect(date.candidates.map((c) => [c.year, c.reason])).toEqual([
      [2025, 'Not chosen: the plate date 2005 rules it out'],
      [2005, 'Chosen: agrees with the plate date 2005'],
      [1985, 'Not chosen: the plate date 2005 rules it out'],
    ]);
  });

  it("takes the year inside the model family's production window", () => {
    const modelYears = { from: 2004, to: 2012, label: 'a 2004-2012 series' };
    const { date } = resolveManufactureDate(readings, { modelYears, plausibleMaxAgeYears: 30, now: NOW });
    expect(date.year).toBe(2005);
    expect(date.candidates.find((c) => c.year === 2025)!.reason).toMatch(/outside the years the model family/);
  });

  it.each([[{ from: 2010, to: 2014, label: 'a 2010-2014 line' }], [{ from: 1990, to: 1999, label: 'a 1990s line' }]])(
    "states no year when every reading falls outside the model family's years (%p)",
    (modelYears) => {
      const { date, warnings } = resolveManufactureDate(readings, { modelYears, plausibleMaxAgeYears: 30, now: NOW });
      expect(date.year).toBeNull();
      expect(date.confidence).toBe(0);
      expect(date.candidates.every((c) => /Not chosen/.test(c.reason))).toBe(true);
      expect(warnings.join()).toMatch(/Serial date conflict: .* was made/);
    },
  );

  it('without plate date or model, drops the implausible 1985, keeps 2025 and 2005 as candidates and warns', () => {
    const { date, warnings } = resolveManufactureDate(readings, { plausibleMaxAgeYears: 30, now: NOW });
    expect(date.candidates.map((c) => c.year)).toEqual([2025, 2005, 1985]);
    expect(date.candidates.find((c) => c.year === 1985)!.reason).toMatch(/beyond a plausible 30/);
    expect(date.confidence).toBeLessThanOrEqual(0.55);
    expect(warnings.join()).toMatch(/Ambiguous date code \(20-year code cycle\): the serial fits 2025, 2005/);
  });

  it('before 2025 the same serial can only be 2005: a reading in the future is never a candidate', () => {
    const mid2024 = new Date('2024-06-01T00:00:00Z');
    const earlier = readSerial(KNOWLEDGE, 'BH6511396', ['bradford-white'], mid2024).readings;
    const { date } = resolveManufactureDate(earlier, { plausibleMaxAgeYears: 30, now: mid2024 });
    expect(date.year).toBe(2005);
  });
});
