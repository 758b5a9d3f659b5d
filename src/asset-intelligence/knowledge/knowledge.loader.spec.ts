import { readSerial } from '../decoders/serial-decoder';
import { KnowledgeDataError } from '../../knowledge/data-validation';
import { KNOWLEDGE_FILES, buildKnowledge, loadAssetKnowledge } from './knowledge.loader';

const knowledge = loadAssetKnowledge();

const NOW = new Date('2026-11-22T12:00:00Z');

/** A deep copy of the knowledge files with one file altered. */
function withFile(name: string, alter: (json: any) => void): Record<string, unknown> {
  const copy = structuredClone(KNOWLEDGE_FILES);
  alter(copy[name]);
  return copy;
}

describe('knowledge data files', () => {
  const k = knowledge;

  it('load and validate every entry', () => {
    expect(() => buildKnowledge(KNOWLEDGE_FILES)).not.toThrow();
    expect(k.brands.length).toBeGreaterThanOrEqual(60);
    expect(k.equipmentTypes.size).toBeGreaterThanOrEqual(20);
  });

  it('cover at least 18 decodable serial families', () => {
    const decodable = [...k.families.values()].filter((f) => f.decodable && (k.formatsByFamily.get(f.id) ?? []).length > 0);
    expect(decodable.length).toBeGreaterThanOrEqual(18);
  });

  it('give every equipment type a lifespan, warranty, maintenance and common issues with a source', () => {
    for (const id of k.equipmentTypes.keys()) {
      const life = k.lifespans.get(id)!;
      expect(life.lowYears).toBeLessThanOrEqual(life.typicalYears);
      expect(life.typicalYears).toBeLessThanOrEqual(life.highYears);
      // Life-safety devices are retired by their codes (NFPA 72, NFPA 10, UL 2034); a flush valve has no published median life, and says so.
      expect(life.source).toMatch(/NAHB|ASHRAE|DOE|ENERGY STAR|NFPA \d+|UL \d+|NEMA|No published median life/);
      expect(k.warranties.get(id)!.notes.length).toBeGreaterThan(10);
      expect(k.maintenance.get(id)!.length).toBeGreaterThan(0);
      expect(k.commonIssues.get(id)!.length).toBeGreaterThan(0);
    }
  });

  describe.each([...knowledge.formatsByFamily.values()].flat().map((f) => [f.id, f] as const))('serial format %s', (_id, format) => {
    it('decodes its own worked example', () => {
      const readings = readSerial(knowledge, format.example.serial, [format.family], NOW).readings.filter((r) => r.formatId === format.id);
      const hit = readings.find((r) => r.year === format.example.year);
      expect(hit).toBeDefined();
      if (format.example.month !== null) expect(hit!.month).toBe(format.example.month);
      if (format.example.week !== null) expect(hit!.week).toBe(format.example.week);
    });

    it('names a source and an era', () => {
      expect(format.source.length).toBeGreaterThan(10);
      expect(format.eraFrom).toBeGreaterThanOrEqual(1960);
    });
  });

  it('give every brand a parent and existing serial families', () => {
    for (const b of k.brands) {
      expect(b.manufacturer).toBeTruthy();
      for (const f of b.serialFamilies) expect(k.families.has(f)).toBe(true);
    }
  });

  describe.each([...new Set([...knowledge.modelGrammarsByBrand.values()].flat())].map((g) => [g.id, g] as const))('model grammar %s', (_id, grammar) => {
    it('accepts its examples, refuses them with a letter and a digit swapped, and names a nomenclature source', () => {
      for (const example of grammar.examples) {
        const model = example.replace(/[^A-Z0-9]/g, '');
        expect(grammar.pattern.test(model)).toBe(true);
        // A grammar that cannot tell a letter position from a digit position resolves no look-alike.
        const letter = model.search(/[A-Z]/);
        const digit = model.search(/\d/);
        const swapped = [...model];
        [swapped[letter], swapped[digit]] = [swapped[digit], swapped[letter]];
        if (swapped[letter] !== swapped[digit]) expect(grammar.pattern.test(swapped.join(''))).toBe(false);
      }
      expect(grammar.source).toMatch(/nomenclature|model number/i);
    });
  });

  it('compile every model rule', () => {
    for (const rules of k.modelRulesByBrand.values()) for (const r of rules) expect(r.pattern).toBeInstanceOf(RegExp);
  });
});

describe('knowledge validation errors name the file, the JSON Pointer of the value and its entry', () => {
  it.each([
    [
      'lifespans.json',
      (j: any) => (j.lifespans[0].typical_years = 'fifteen'),
      /^lifespans\.json: \/lifespans\/0\/typical_years \(entry "ac-condenser"\): must be integer$/,
    ],
    [
      'lifespans.json',
      (j: any) => (j.lifespans[0].low_years = 30),
      /lifespans\.json: \/lifespans\/0\/typical_years \(entry "ac-condenser"\): must lie between/,
    ],
    [
      'lifespans.json',
      (j: any) => (j.lifespans = j.lifespans.filter((e: any) => e.equipment_type !== 'garbage-disposal')),
      /lifespans\.json: \/lifespans: equipment type "garbage-disposal" has no entry/,
    ],
    [
      'warranties.json',
      (j: any) => (j.warranties[1].equipment_type = 'hovercraft'),
      /warranties\.json: \/warranties\/1\/equipment_type \(entry "hovercraft"\): names unknown/,
    ],
    [
      'brands.json',
      (j: any) => (j.brands[0].serial_families = ['nope']),
      /brands\.json: \/brands\/0\/serial_families \(entry "ao-smith"\): names unknown family "nope"/,
    ],
    ['brands.json', (j: any) => (j.brands[1].display = ''), /brands\.json: \/brands\/1\/display \(entry "state"\): must match pattern/],
    ['brands.json', (j: any) => (j.brands[1].aliasses = []), /brands\.json: \/brands\/1\/aliasses \(entry "state"\): is not a known field/],
    [
      'serial-formats.hvac.json',
      (j: any) => (j.formats[0].pattern = '^(?<week>\\d{2}$'),
      /serial-formats\.hvac\.json: \/formats\/0\/pattern \(entry "carrier-wwyy"\): is not a valid regular expression/,
    ],
    ['serial-formats.hvac.json', (j: any) => (j.formats[0].pattern = '^\\d{4}'), /\/formats\/0\/pattern \(entry "carrier-wwyy"\): must match pattern/],
    ['serial-formats.hvac.json', (j: any) => (j.formats[0].year.code = 'zz'), /\/formats\/0\/year\/code \(entry "carrier-wwyy"\)/],
    ['serial-formats.hvac.json', (j: any) => (j.formats[0].week.group = 'wk'), /\/formats\/0\/pattern \(entry "carrier-wwyy"\): has no named group "wk"/],
    ['serial-formats.hvac.json', (j: any) => (j.formats[0].era = [2020, 2010]), /\/formats\/0\/era \(entry "carrier-wwyy"\)/],
    [
      'serial-code-tables.json',
      (j: any) => (j.month_tables[0].values.M = 11),
      /\/month_tables\/0\/values \(entry "month-a-m-skip-i"\): must cover the twelve months/,
    ],
    [
      'model-rules.hvac.json',
      (j: any) => (j.rules[1].equipment_type = 'spaceship'),
      /model-rules\.hvac\.json: \/rules\/1\/equipment_type \(entry "carrier-24a"\): names unknown type "spaceship"/,
    ],
    ['model-rules.hvac.json', (j: any) => (j.rules[1].capacity.group = 'size'), /\/rules\/1\/capacity \(entry "carrier-24a"\): names group "size"/],
    [
      'equipment-types.json',
      (j: any) => (j.equipment_types[0].category = 'Plumbing'),
      /equipment-types\.json: \/equipment_types\/0\/category \(entry "ac-condenser"\): must be one of HVAC, water heating, appliance/,
    ],
    ['maintenance.json', (j: any) => delete j.source_note, /^maintenance\.json: \/source_note: is required$/],
    [
      'model-grammars.json',
      (j: any) => (j.grammars[0].examples = ['24ACC636A0O3']),
      /model-grammars\.json: \/grammars\/0\/examples\/0 \(entry "carrier-split-24-25"\): does not follow the grammar's pattern/,
    ],
    [
      'model-grammars.json',
      (j: any) => (j.grammars[0].brands = ['acme']),
      /\/grammars\/0\/brands\/0 \(entry "carrier-split-24-25"\): names unknown brand "acme"/,
    ],
  ])('%s', (file, alter, message) => {
    const files = withFile(file, alter as (j: any) => void);
    expect(() => buildKnowledge(files)).toThrow(KnowledgeDataError);
    expect(() => buildKnowledge(files)).toThrow(message);
  });
});
