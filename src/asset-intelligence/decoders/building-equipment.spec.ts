import { buildAssetProfile } from './asset-profile.builder';
import { indefiniteArticle } from './article';
import { normalizeBrand } from './brand-normalizer';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

// Brands and kinds of equipment a university or apartment maintenance team meets besides the
// residential HVAC, water heaters and kitchen appliances: life safety, plumbing, precision cooling.
const knowledge = loadAssetKnowledge();
const NOW = new Date('2026-11-22');
const profile = (brand: string, model: string, serial?: string) => buildAssetProfile(knowledge, { brand, model, serial, now: NOW });
const spec = (p: ReturnType<typeof profile>, name: string) => p.specs.find((s) => s.name === name)?.value;

describe('a brand the caller typed is never turned into another company', () => {
  it.each([
    ['Mueller', 'Nordyne'], // two edits from the "Miller" alias
    ['Goodway', 'Goodman'], // two edits
    ['Crane', 'Trane'], // one edit, but another first letter
  ])('%s is kept as typed, not read as %s', (typed, other) => {
    const m = normalizeBrand(knowledge, typed);
    expect(m.brand).toBeNull();
    expect(m.matchedBy).toBe('unknown');
    const p = profile(typed, 'ABC123');
    expect(p.brand).toBe(typed);
    expect(p.manufacturer).toBeNull();
    expect(p.brand).not.toBe(other);
    expect(p.warnings.join(' ')).toMatch(/not in the knowledge base/);
  });

  it.each([
    ['Liebert', 'Liebert', 'Vertiv'],
    ['Liberty Pumps', 'Liberty Pumps', 'Liberty Pumps'],
    ['Liberty', 'Liberty Pumps', 'Liberty Pumps'],
  ])('prefers the exact known brand: %s is %s', (typed, display, maker) => {
    const m = normalizeBrand(knowledge, typed);
    expect(m.matchedBy).toBe('exact');
    expect(m.brand?.display).toBe(display);
    expect(m.brand?.manufacturer).toMatch(maker);
  });
});

describe('life-safety equipment', () => {
  it.each([
    ['Kidde', 'i12060', 'smoke alarm', 10],
    ['Kidde', 'PI2010', 'smoke alarm', 10],
    ['First Alert', '9120B', 'smoke alarm', 10],
    ['BRK', 'SA320CN', 'smoke alarm', 10],
    ['First Alert', 'SC9120B', 'combination smoke / carbon monoxide alarm', 10],
    ['Kidde', 'KN-COSM-B', 'combination smoke / carbon monoxide alarm', 10],
    ['Kidde', 'KN-COB-B', 'carbon monoxide alarm', 7],
    ['First Alert', 'CO605', 'carbon monoxide alarm', 7],
    ['Kidde', 'FA110', 'portable fire extinguisher', 12],
    ['Kidde', 'PRO 5 MP', 'portable fire extinguisher', 12],
    ['System Sensor', '2WT-B', 'system smoke detector (fire alarm)', 10],
    ['Notifier', 'FSP-851', 'system smoke detector (fire alarm)', 10],
    ['Edwards', 'SIGA-PD', 'system smoke detector (fire alarm)', 10],
    ['Notifier', 'NFS2-3030', 'fire alarm control panel', 15],
    ['Simplex', '4100ES', 'fire alarm control panel', 15],
  ])('%s %s is a %s with a %i-year life', (brand, model, type, life) => {
    const p = profile(brand, model);
    expect(p).toMatchObject({ equipment_type: type, category: 'life safety' });
    expect(p.manufacturer).not.toBeNull();
    expect(p.expected_lifespan?.typical_years).toBe(life);
    expect(p.warnings.join(' ')).not.toMatch(/does not follow/);
  });

  it.each([
    ['Kidde', 'i9050'],
    ['First Alert', 'SCO5CN'],
  ])('advises replacing, never repairing, a %s %s alarm, and says where its date is', (brand, model) => {
    const p = profile(brand, model, 'AB1234567');
    expect(p.repair_vs_replace).toMatch(/^Not repaired: replace/);
    expect(p.repair_vs_replace).not.toMatch(/50%|\$5,000/);
    expect(p.warnings.join(' ')).toMatch(/date of manufacture .* back label/);
  });
});

it.each([
  ['System Sensor', '2WT-B'],
  ['Notifier', 'FSP-851'],
])('advises replacing a %s %s detector when its sensitivity test fails, not on an end-of-life chirp it does not have', (brand, model) => {
  const p = profile(brand, model, '1234567');
  expect(p.repair_vs_replace).toMatch(/sensitivity test/);
  expect(p.repair_vs_replace).not.toMatch(/end-of-life signal/);
});

it.each([
  ['InSinkErator', 'Badger 5'],
  ['Liebert', 'DS035AUA0EI'],
])('says in one sentence that the serial of %s %s carries no date', (brand, model) => {
  const p = profile(brand, model, 'XY12345678');
  expect(p.warnings.join(' ')).toMatch(/does not give its date: no public .* rule/);
});

describe('plumbing and precision cooling', () => {
  it.each([
    ['Sloan', 'Royal 111-1.28', 'flushometer (commercial flush valve)', 'plumbing'],
    ['Sloan', '8111', 'flushometer (commercial flush valve)', 'plumbing'],
    ['Zurn', 'Z6000AV', 'flushometer (commercial flush valve)', 'plumbing'],
    ['Zurn', 'ZER6000AV-ONE', 'flushometer (commercial flush valve)', 'plumbing'],
    ['Sloan', 'EAF-275', 'faucet', 'plumbing'],
    ['Liebert', 'DS035AUA0EI', 'precision cooling unit (computer room air conditioner)', 'HVAC'],
    ['Vertiv', 'CW106', 'precision cooling unit (computer room air conditioner)', 'HVAC'],
    ['Friedrich', 'PDE09K3SG', 'packaged terminal air conditioner (PTAC)', 'HVAC'],
    ['Friedrich', 'KCQ10A10A', 'room (window) air conditioner', 'HVAC'],
  ])('%s %s is a %s (%s)', (brand, model, type, category) => {
    const p = profile(brand, model);
    expect(p).toMatchObject({ equipment_type: type, category });
    expect(p.expected_lifespan).not.toBeNull();
  });

  it('reads a Liebert DS model as a 35 kW air-cooled unit, and a Friedrich PTAC as 9,000 BTU/h', () => {
    const liebert = profile('Liebert', 'DS035AUA0EI');
    expect(spec(liebert, 'nominal_capacity_kw')).toBe('35');
    expect(spec(liebert, 'heat_rejection')).toBe('air-cooled');
    expect(spec(profile('Friedrich', 'PDE09K3SG'), 'capacity_btuh')).toBe('9000');
  });

  it.each([
    ['Kohler', 'plumbing'],
    ['Elkay', 'plumbing'],
    ['Delta Faucet', 'plumbing'],
    ['Moen', 'plumbing'],
    ['American Standard Brands', 'plumbing'],
    ['McQuay', 'HVAC'],
    ['Danby', 'appliance'],
    ['Summit', 'appliance'],
  ])('knows the brand %s (%s) and its maker', (brand, category) => {
    const p = profile(brand, 'X1');
    expect(p.manufacturer).not.toBeNull();
    expect(p.warnings.join(' ')).not.toMatch(/Unknown brand/);
    if (category !== 'appliance' || p.category !== null) expect([category, null]).toContain(p.category);
  });
});

describe('garbage disposers named by series and size', () => {
  it.each([
    ['InSinkErator', 'Badger 5', '1/2'],
    ['InSinkErator', 'Badger5', '1/2'],
    ['InSinkErator', 'Badger 1', '1/3'],
    ['InSinkErator', 'Badger 5XP', '3/4'],
    ['InSinkErator', 'Evolution Excel', '1'],
    ['Moen', 'GX50C', '1/2'],
    ['Moen', 'GXS75C', '3/4'],
  ])('%s %s is a garbage disposal of %s hp', (brand, model, hp) => {
    const p = profile(brand, model);
    expect(p.equipment_type).toBe('garbage disposal');
    expect(spec(p, 'horsepower')).toBe(hp);
    expect(p.expected_lifespan?.typical_years).toBe(12);
    expect(p.warnings.join(' ')).not.toMatch(/does not follow/);
  });

  it.each([['InSinkErator'], ['A. O. Smith']])('writes "an" before %s in its texts', (brand) => {
    const p = profile(brand, 'QQ-NOT-A-MODEL');
    const text = p.warnings.join(' ');
    expect(text).toMatch(/does not follow an /);
    expect(text).not.toMatch(/\ba (?:InSinkErator|A\. O\. Smith)/);
  });

  it.each([
    ['InSinkErator', 'an'],
    ['A. O. Smith', 'an'],
    ['LG', 'an'],
    ['Emerson', 'an'],
    ['8-year', 'an'],
    ['11-year', 'an'],
    ['GE', 'a'],
    ['Trane', 'a'],
    ['unit', 'a'],
    ['6-year', 'a'],
    ['10-year', 'a'],
  ])('the article before %s is "%s"', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });
});

describe('repair-or-replace advice without a known age', () => {
  it.each([
    ['InSinkErator', 'Badger 5', null],
    ['Friedrich', 'PDE09K3SG', 'LCKR12345'],
  ])('does not repeat the 50%% rule about the half-life of a %s %s whose age is unknown', (brand, model, serial) => {
    const p = profile(brand, model, serial ?? undefined);
    expect(p.age_years).toBeNull();
    expect(p.repair_vs_replace).toMatch(/^Age unknown/);
    expect(p.repair_vs_replace).not.toMatch(/past half its life/);
  });

  it.each([
    ['Maytag', 'MVWC565FW', 'C91234567'],
    ['Amana', 'PTH123G35AXXX', '1306123456'],
  ])('still gives the 50%% rule once a %s %s is known to be past half its life', (brand, model, serial) => {
    expect(profile(brand, model, serial).repair_vs_replace).toMatch(/50% rule for (appliances|room units): once past half its life/);
  });
});

describe('advice resting on an ambiguous serial date code', () => {
  it.each([
    ['Mitsubishi Electric', 'MUZ-FH12NA', '54U01234', 2025, 2015],
    ['Whirlpool', 'WRF555SDFZ09', 'K41412345', 2024, 2014],
  ])('%s %s / %s: the advice says it assumes %i and that the code also fits %i', (brand, model, serial, assumed, other) => {
    const p = profile(brand, model, serial);
    expect(p.manufacture_date.year).toBe(assumed);
    expect(p.repair_vs_replace).toContain(`assumes the unit was made in ${assumed}`);
    expect(p.repair_vs_replace).toMatch(new RegExp(`also fits [^:]*${other} \\(about ${2026 - other} years old\\)`));
  });

  it.each([
    ['Carrier', '24ACC636A003', '2212E12345'],
    ['Bosch', 'SHE3AR75UC', 'FD9402'],
  ])('says nothing of the kind for the unambiguous %s %s / %s', (brand, model, serial) => {
    expect(profile(brand, model, serial).repair_vs_replace).not.toMatch(/also fits/);
  });
});

describe('Trane furnaces named by their series', () => {
  it.each([
    ['XR80', '80'],
    ['XV95', '95'],
    ['XC95', '95'],
  ])('Trane %s is a gas furnace of %s%% AFUE whose input the series does not say', (model, afue) => {
    const p = profile('Trane', model);
    expect(p.equipment_type).toBe('gas furnace');
    expect(spec(p, 'afue')).toBe(afue);
    expect(p.expected_lifespan?.typical_years).toBe(18);
    expect(p.warnings.join(' ')).toMatch(/names the product series/);
  });
});

describe('ice machines, drinking fountains and circulators a campus team photographs', () => {
  it.each([
    ['Hoshizaki', 'KM-660MAJ', 'commercial ice machine'],
    ['Hoshizaki', 'F-801MWJ', 'commercial ice machine'],
    ['Manitowoc', 'IYT0500A-161', 'commercial ice machine'],
    ['Manitowoc Ice', 'UDF0140A', 'commercial ice machine'],
    ['Scotsman', 'C0630SA-32', 'commercial ice machine'],
    ['Elkay', 'LZS8WSSP', 'drinking fountain / bottle filler'],
    ['Elkay', 'EZSTL8C', 'drinking fountain / bottle filler'],
    ['Halsey Taylor', 'HTHB-HAC8PV-NF', 'drinking fountain / bottle filler'],
    ['Taco', '007-F5-7IFC', 'inline circulator pump'],
    ['Grundfos', 'UPS 26-99 FC', 'inline circulator pump'],
    ['B&G', 'NRF-25', 'inline circulator pump'],
    ['Wilo', 'Star S 21 F', 'inline circulator pump'],
  ])('%s %s is typed as %s, with a life, upkeep and issues of its own', (brand, model, type) => {
    const p = profile(brand, model);
    expect(p.equipment_type).toBe(type);
    expect(p.expected_lifespan?.typical_years).toBeGreaterThan(0);
    expect(p.maintenance_schedule.length).toBeGreaterThanOrEqual(3);
    expect(p.common_issues.length).toBeGreaterThanOrEqual(3);
    expect(p.warnings.join(' ')).not.toMatch(/nomenclature the decoder knows|Unknown brand/);
  });

  it('an ice machine lives about 8 years, is cleaned every 6 months and its serial date is read from the plate', () => {
    const p = profile('Hoshizaki', 'KM-515MAJ', 'M00417J');
    expect(p.expected_lifespan).toMatchObject({ low_years: 6, typical_years: 8, high_years: 10 });
    expect(p.maintenance_schedule.map((m) => `${m.task} ${m.interval}`).join(' | ')).toMatch(/sanitize.*6 months/i);
    expect(p.warnings.join(' ')).toMatch(/does not give its date/);
    expect(p.manufacture_date.year).toBeNull();
  });

  it('a circulator made 9 years ago is judged on its own life, not by the $5,000 rule of central systems', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Taco', model: '0015e3-2F3', plateDate: { year: 2017 }, now: NOW });
    expect(Math.floor(p.age_years ?? 0)).toBe(9);
    expect(p.lifecycle_stage).not.toBe('unknown');
    expect(p.repair_vs_replace).toContain('of about 10 years');
    expect(p.repair_vs_replace).not.toMatch(/\$5,000 rule/);
    const condenser = buildAssetProfile(knowledge, { brand: 'Carrier', model: '24ACC636A003', plateDate: { year: 2017 }, now: NOW });
    expect(condenser.repair_vs_replace).toMatch(/\$5,000 rule/);
  });

  it.each([
    ['Elkay', 'LRAD2522'], // a stainless sink
    ['Taco', '571-2'], // a zone valve
    ['Grundfos', 'CR 32-2'], // a base-mounted multistage pump
    ['Hoshizaki', 'CR1S-FS'], // a reach-in refrigerator
  ])('%s %s is another product of the same maker and stays untyped', (brand, model) => {
    expect(profile(brand, model).equipment_type).toBeNull();
  });
});
