import { LifecycleStage, SpecSource } from '../dto/asset-profile.dto';
import { buildAssetProfile } from './asset-profile.builder';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

const NOW = new Date('2026-11-22');
const spec = (p: ReturnType<typeof buildAssetProfile>, name: string) => p.specs.find((s) => s.name === name);

describe('buildAssetProfile acceptance examples', () => {
  it('Carrier 24ACC636A003 / 1014E12345: 3-ton split AC condenser from week 10 of 2014', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Carrier', model: '24ACC636A003', serial: '1014E12345', now: NOW });
    expect(p).toMatchObject({ brand: 'Carrier', manufacturer: 'Carrier Global', equipment_type: 'split-system AC condenser', category: 'HVAC' });
    expect(p.manufacture_date).toMatchObject({ year: 2014, month: 3, week: 10 });
    expect(p.manufacture_date.confidence).toBeGreaterThanOrEqual(0.85);
    expect(p.age_years).toBeCloseTo(12.7, 1);
    expect(p.expected_lifespan).toMatchObject({ typical_years: 15 });
    expect(p.expected_lifespan!.source).toMatch(/NAHB/);
    expect(p.remaining_life_years).toBeCloseTo(2.3, 1);
    expect(p.lifecycle_stage).toBe(LifecycleStage.Late);
    expect(spec(p, 'capacity_tons')).toEqual({ name: 'capacity_tons', value: '3', unit: 'tons', source: SpecSource.Decoded });
    expect(spec(p, 'capacity_btuh')?.value).toBe('36000');
    expect(p.repair_vs_replace).toMatch(/\$5,000 rule/);
    expect(p.warranty).toMatchObject({ typical_parts_years: 10, likely_covered: false });
    expect(p.common_issues.length).toBeGreaterThan(0);
    expect(p.maintenance_schedule.length).toBeGreaterThan(0);
    expect(p.warnings).toEqual([]);
    expect(p.confidence).toBeGreaterThan(0.9);
  });

  it.each([
    ['MI50T6FBN', 'KK1234567', 2013],
    ['M450S6FBN', 'KK1234567', 2013],
    ['M4403S6FBN', 'LC1234567', 2014],
    ['M450S6BN', 'KK1234567', 1993],
  ])('Bradford White %s / %s: an F after the warranty digit is an FVIR heater (2003 on), so it was built in %i', (model, serial, year) => {
    // K = 1993 or 2013 (20-year cycle). Atmospheric-vent M-series heaters are still sold with
    // FVIR ("…6FBN"); only the ones without the F predate 2003.
    const p = buildAssetProfile(knowledge, { brand: 'Bradford White', model, serial, now: NOW });
    expect(p).toMatchObject({ equipment_type: 'gas tank water heater' });
    expect(p.manufacture_date.year).toBe(year);
  });

  it('Bradford White RG250T6N / LM1234567: 50-gallon gas heater of December 2014', () => {
    // L = 1994 or 2014 (20-year cycle), M = December. The Defender (FVIR) family exists only
    // since 2003, so 1994 is ruled out and the model family decides.
    const p = buildAssetProfile(knowledge, { brand: 'Bradford White', model: 'RG250T6N', serial: 'LM1234567', now: NOW });
    expect(p).toMatchObject({ brand: 'Bradford White', equipment_type: 'gas tank water heater', category: 'water heating' });
    expect(p.manufacture_date).toMatchObject({ year: 2014, month: 12 });
    expect(p.manufacture_date.candidates.map((c) => c.year)).toEqual([2014, 1994]);
    expect(p.manufacture_date.candidates[0].reason).toMatch(/model family/);
    expect(spec(p, 'tank_gallons')?.value).toBe('50');
    expect(spec(p, 'fuel')?.value).toBe('gas');
    expect(p.warranty).toMatchObject({ typical_parts_years: 6, typical_major_component_years: 6, likely_covered: false });
    expect(p.lifecycle_stage).toBe(LifecycleStage.PastExpected);
    expect(p.repair_vs_replace).toMatch(/leaking tank/);
  });

  it('Rheem XG50T06EC36U1 / Q0419E12345: 50-gallon gas heater of April 2019', () => {
    // Rheem water heaters: letter prefix Q, then MMYY = 04 19.
    const p = buildAssetProfile(knowledge, { brand: 'Rheem', model: 'XG50T06EC36U1', serial: 'Q0419E12345', now: NOW });
    expect(p).toMatchObject({ brand: 'Rheem', equipment_type: 'gas tank water heater' });
    expect(p.manufacture_date).toMatchObject({ year: 2019, month: 4, week: null });
    expect(p.age_years).toBeCloseTo(7.6, 1);
    expect(spec(p, 'tank_gallons')?.value).toBe('50');
    expect(spec(p, 'tank_warranty_years')?.value).toBe('6');
  });

  it('Trane 4TTR4036L1000A / 14251KAD4F: 3-ton AC condenser of week 25 of 2014', () => {
    // Trane 2010+: first two digits year (14), next two week (25, mid-June).
    const p = buildAssetProfile(knowledge, { brand: 'Trane', model: '4TTR4036L1000A', serial: '14251KAD4F', now: NOW });
    expect(p).toMatchObject({ brand: 'Trane', manufacturer: 'Trane Technologies', equipment_type: 'split-system AC condenser' });
    expect(p.manufacture_date).toMatchObject({ year: 2014, month: 6, week: 25 });
    expect(spec(p, 'capacity_tons')?.value).toBe('3');
    expect(spec(p, 'refrigerant')).toMatchObject({ value: 'R-410A', source: SpecSource.Decoded });
  });

  it('GE GTS18GTHWW / LR821547C: refrigerator of June, cycle resolved to the most recent plausible year', () => {
    // L = June; R = 1984, 1996, 2008 or 2020 (12-year cycle). Nothing else is known, so the most
    // recent plausible year is taken and the ambiguity is reported.
    const p = buildAssetProfile(knowledge, { brand: 'GE', model: 'GTS18GTHWW', serial: 'LR821547C', now: NOW });
    expect(p).toMatchObject({ brand: 'GE Appliances', equipment_type: 'refrigerator', category: 'appliance' });
    expect(p.manufacture_date).toMatchObject({ year: 2020, month: 6 });
    expect(p.manufacture_date.confidence).toBeLessThanOrEqual(0.55);
    expect(p.manufacture_date.candidates.map((c) => c.year)).toEqual([2020, 2008, 1996, 1984]);
    expect(p.manufacture_date.candidates[3].reason).toMatch(/beyond a plausible/);
    expect(p.warnings.join()).toMatch(/Ambiguous date code \(12-year code cycle\)/);
  });

  it('GE with a plate date: the plate picks 2008 out of the cycle', () => {
    const p = buildAssetProfile(knowledge, { brand: 'GE', model: 'GTS18GTHWW', serial: 'LR821547C', plateDate: { year: 2008 }, now: NOW });
    expect(p.manufacture_date).toMatchObject({ year: 2008, month: 6 });
    expect(p.manufacture_date.candidates.find((c) => c.year === 2008)!.reason).toMatch(/plate date/);
    expect(p.warnings).toEqual([]);
  });
});

describe('buildAssetProfile date choices and warnings', () => {
  it('uses the plate date and warns when the serial disagrees by more than a year', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Carrier', model: '24ACC636A003', serial: '1014E12345', plateDate: { year: 2017, month: 5 }, now: NOW });
    expect(p.manufacture_date).toMatchObject({ year: 2017, month: 5, rule: 'Printed on the data plate' });
    expect(p.warnings.join()).toMatch(/Serial date conflict/);
  });

  it('uses the plate date alone when there is no serial', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Navien', model: 'NPE-240A2', plateDate: { year: 2021, month: 2 }, now: NOW });
    expect(p.manufacture_date).toMatchObject({ year: 2021, month: 2, confidence: 0.95 });
    expect(p.equipment_type).toBe('tankless water heater');
  });

  it('reads an R-22 American Standard unit as 2009 and advises on R-22', () => {
    // Trane 2002-2009 style: digit 9 can only be 2009 in that era; the R-22 model agrees.
    const p = buildAssetProfile(knowledge, { brand: 'American Standard', model: '2A7A3036', serial: '927123456', now: NOW });
    expect(p.manufacture_date.year).toBe(2009);
    expect(p.repair_vs_replace).toMatch(/R-22/);
  });

  it.each([
    // [brand, model, serial]: a window unit and a PTAC are priced like appliances, not central systems.
    ['Frigidaire', 'FFRE0833U1', 'JA05012345'],
    ['Amana', 'PTH123G35AXXX', '1306123456'],
  ])('advises on a %s %s room unit with the 50%% rule, never the $5,000 rule of central systems', (brand, model, serial) => {
    const p = buildAssetProfile(knowledge, { brand, model, serial, now: NOW });
    expect(p.category).toBe('HVAC');
    expect(p.repair_vs_replace).not.toMatch(/\$5,000/);
    expect(p.repair_vs_replace).toMatch(/50% rule/);
  });

  it('prefers the most recent plausible year of a 10-year LG cycle and says so', () => {
    const p = buildAssetProfile(knowledge, { brand: 'LG', model: 'LFXS28968S', serial: '603KWWZ73713', now: NOW });
    expect(p.manufacture_date.year).toBe(2026);
    expect(p.warnings.join()).toMatch(/Ambiguous/);
  });

  it('warns about unreadable serials and never guesses a confident date', () => {
    for (const serial of ['', 'ABC', '0000000000', 'zzzz-zzzz', '99999']) {
      const p = buildAssetProfile(knowledge, { brand: 'Goodman', model: 'GSX140361', serial, now: NOW });
      expect(p.manufacture_date.year).toBeNull();
      expect(p.manufacture_date.confidence).toBeLessThanOrEqual(0.3);
      expect(p.warnings.length).toBeGreaterThan(0);
      expect(p.lifecycle_stage).toBe(LifecycleStage.Unknown);
    }
  });

  it('answers a product series named without its size, and says the size is missing', () => {
    const profile = buildAssetProfile(knowledge, { brand: 'Goodman', model: 'GSZ14', serial: '1503123456', now: NOW });
    expect(profile.equipment_type).toBe('split-system heat pump');
    expect(profile.expected_lifespan).not.toBeNull();
    expect(profile.specs.find((s) => s.name === 'capacity_tons')).toBeUndefined();
    expect(profile.warnings).toContain(
      'Model GSZ14 names the product series, not the unit: its size was not decoded (the full model number on the nameplate gives it).',
    );
  });

  it('flags an unknown brand but still answers', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Acme Cooling', model: 'X-100', serial: '1014E12345', now: NOW });
    expect(p.brand).toBe('Acme Cooling');
    expect(p.manufacturer).toBeNull();
    expect(p.manufacture_date.year).toBeNull();
    expect(p.manufacture_date.candidates.length).toBeGreaterThan(0);
    expect(p.warnings.join()).toMatch(/Unknown brand/);
    expect(p.confidence).toBeLessThanOrEqual(0.3);
  });

  it('decodes Kenmore through the maker named by the model prefix', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Kenmore', model: '110.61142510', serial: 'MT2513399', now: NOW });
    expect(p.manufacture_date.year).toBe(2006);
    expect(p.warnings.join()).toMatch(/built by Whirlpool Corporation/);
  });

  it('says when a brand has no documented serial date code', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Weil-McLain', model: 'CGa-4', serial: 'CP5071716', now: NOW });
    expect(p.equipment_type).toBe('boiler');
    expect(p.manufacture_date.year).toBeNull();
    expect(p.warnings.join()).toMatch(/CP number/);
  });

  it('fills fuel and a likely refrigerant from the knowledge base', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Lennox', model: 'XC13-036-230', serial: '5808H12345', now: NOW });
    expect(spec(p, 'refrigerant')).toMatchObject({ source: SpecSource.KnowledgeBase });
    expect(spec(p, 'refrigerant')!.value).toMatch(/R-22/);
    expect(p.repair_vs_replace).toMatch(/R-22/);
  });
});

describe('Whirlpool serial years against the model generation', () => {
  it.each([
    ['WDF520PADM7', 'FW1234567'],
    ['WDT750SAHZ0', 'CT4512345'],
  ])('a %s (W-prefixed dishwasher line, 2010 on) with the letter-year serial %s gets no year instead of a 1990s-2000s one', (model, serial) => {
    const p = buildAssetProfile(knowledge, { brand: 'Whirlpool', model, serial, now: NOW });
    expect(p.equipment_type).toBe('dishwasher');
    expect(p.manufacture_date.year).toBeNull();
    expect(p.age_years).toBeNull();
    expect(p.warnings.join(' ')).toMatch(/Serial date conflict: the serial reads \d{2}\/20\d{2}, but the model family .* was made 2010-today/);
  });

  it.each([
    ['WDF520PADM7', 'F83012345', 2018],
    ['DU1055XTVQ', 'FW1234567', 2008],
  ])('still dates %s / %s as %i when serial and model agree (or the model has no known years)', (model, serial, year) => {
    const p = buildAssetProfile(knowledge, { brand: 'Whirlpool', model, serial, now: NOW });
    expect(p.manufacture_date.year).toBe(year);
    expect(p.warnings.join(' ')).not.toMatch(/conflict/);
  });
});
