import { buildKnowledgeBase, KnowledgeFiles, loadKnowledgeBase, readKnowledgeFiles, requireTrade } from './knowledge-base';
import { COST_SCORES, SAFETY_FLAGS, SEVERITIES } from './knowledge.types';
import { KnowledgeDataError } from './data-validation';
import { costScoreFor, typicalTotalCents } from './pricing';

const REQUIRED_TRADES = [
  'plumbing',
  'drains-sewer',
  'water-heater',
  'hvac-heating',
  'hvac-cooling',
  'electrical',
  'appliance',
  'doors-locks',
  'windows-glass',
  'roofing-gutters',
  'pest-control',
  'drywall-paint',
  'flooring',
  'fire-life-safety',
  'general-handyman',
];

/** A deep copy of the shipped files with one file changed, to prove the validator catches it. */
function withChange(rel: string, change: (data: any) => void): KnowledgeFiles {
  const files = new Map([...readKnowledgeFiles()].map(([k, v]) => [k, structuredClone(v)]));
  change(files.get(rel));
  return files;
}

/** Asserts that validation fails on `file` at the JSON Pointer `path`, inside list entry `entry`, and says so in the message. */
function expectDataError(files: KnowledgeFiles, file: string, path: RegExp | string, entry: string): KnowledgeDataError {
  let error: unknown;
  try {
    buildKnowledgeBase(files);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(KnowledgeDataError);
  const e = error as KnowledgeDataError;
  expect(e.file).toBe(file);
  if (typeof path === 'string') expect(e.path).toBe(path);
  else expect(e.path).toMatch(path);
  expect(e.entry).toBe(entry);
  expect(e.message).toContain(`${file}: ${e.path || '(file)'}`);
  return e;
}

describe('knowledge base data files', () => {
  const kb = loadKnowledgeBase();
  const files = readKnowledgeFiles();

  it('loads once and is cached', () => {
    expect(loadKnowledgeBase()).toBe(kb);
    expect(kb.version).toMatch(/^\d{4}\.\d+\.\d+\+[0-9a-f]{10}$/);
  });

  it('names its sources and version in every file', () => {
    for (const [rel, data] of files) {
      const d = data as { source?: unknown; sources?: unknown; version?: unknown };
      expect({ rel, hasSource: Boolean(d.source ?? d.sources), hasVersion: typeof d.version === 'string' }).toEqual({ rel, hasSource: true, hasVersion: true });
    }
  });

  it('has every required trade with a national rate', () => {
    expect(kb.trades.length).toBeGreaterThanOrEqual(14);
    for (const id of REQUIRED_TRADES) {
      const trade = requireTrade(kb, id);
      expect(trade.labor_rate).toBeGreaterThan(0);
      expect(Number.isInteger(trade.labor_rate)).toBe(true);
    }
    expect(() => requireTrade(kb, 'astrology')).toThrow(/known: plumbing/);
  });

  it('has at least 150 problems and at least 8 per trade', () => {
    expect(kb.problems.length).toBeGreaterThanOrEqual(150);
    for (const trade of kb.trades) {
      expect({ trade: trade.id, count: kb.problems.filter((p) => p.trade === trade.id).length >= 8 }).toEqual({ trade: trade.id, count: true });
    }
  });

  it('validates every problem entry', () => {
    const ids = new Set<string>();
    for (const p of kb.problems) {
      expect(ids.has(p.id)).toBe(false);
      ids.add(p.id);
      expect(p.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(kb.tradeById.has(p.trade)).toBe(true);
      expect(p.symptoms.length).toBeGreaterThanOrEqual(3);
      expect(p.symptoms_es.length).toBeGreaterThanOrEqual(1);
      expect(p.fix_phrases.length).toBeGreaterThanOrEqual(2);
      expect(p.keywords.every((k) => /^[a-z0-9]+$/.test(k))).toBe(true);
      expect(p.resolution_steps.length).toBeGreaterThanOrEqual(2);
      expect(SEVERITIES).toContain(p.severity);
      expect(COST_SCORES).toContain(p.cost_score);
      for (const f of p.safety_flags) expect(SAFETY_FLAGS).toContain(f);
      for (const part of p.parts) expect(part.price_low).toBeLessThanOrEqual(part.price_high);
      expect(p.labor_hours.low).toBeLessThanOrEqual(p.labor_hours.high);
      expect(p.cost_score).toBe(costScoreFor(typicalTotalCents(p, requireTrade(kb, p.trade).labor_rate, kb.minimumBilledHours)));
      if (p.severity === 'emergency') expect(p.safety_flags.length).toBeGreaterThan(0);
    }
  });

  it('covers the emergencies a coordinator must never miss', () => {
    const flagsOfEmergencies = new Set(kb.problems.filter((p) => p.severity === 'emergency').flatMap((p) => p.safety_flags));
    for (const flag of ['gas-leak', 'carbon-monoxide', 'electrical-shock', 'fire', 'flooding', 'sewage', 'no-heat', 'no-water'] as const) {
      expect(flagsOfEmergencies.has(flag)).toBe(true);
    }
  });

  it('has a multiplier for all 50 states and DC and maps every ZIP prefix range to one of them', () => {
    expect(kb.stateByCode.size).toBe(51);
    expect(kb.stateByCode.has('DC')).toBe(true);
    for (const z of kb.zipPrefixes) expect(kb.stateByCode.has(z.state)).toBe(true);
  });
});

describe('knowledge base validation', () => {
  it('reports a schema violation with the file, the JSON Pointer of the value and the entry', () => {
    const files = withChange('problems/plumbing.json', (d) => (d.problems[0].labor_hours.low = 'two'));
    const e = expectDataError(files, 'problems/plumbing.json', '/problems/0/labor_hours/low', 'toilet-flapper-worn');
    expect(e.message).toBe('problems/plumbing.json: /problems/0/labor_hours/low (entry "toilet-flapper-worn"): must be number');
  });

  it('rejects an unknown field and a missing one', () => {
    expectDataError(
      withChange('problems/hvac-cooling.json', (d) => (d.problems[1].sevrity = 'low')),
      'problems/hvac-cooling.json',
      '/problems/1/sevrity',
      'ac-capacitor-failure',
    );
    expectDataError(
      withChange('safety-signals.json', (d) => delete d.signals[0].phrases),
      'safety-signals.json',
      '/signals/0/phrases',
      'gas-leak',
    );
  });

  it('rejects a problem with an unknown trade', () => {
    const files = withChange('problems/plumbing.json', (d) => (d.problems[0].trade = 'astrology'));
    expectDataError(files, 'problems/plumbing.json', '/problems/0/trade', 'toilet-flapper-worn');
  });

  it('rejects a duplicate problem id across files', () => {
    const files = withChange('problems/appliance.json', (d) => (d.problems[1].id = 'gas-range-leak'));
    expectDataError(files, 'problems/appliance.json', /^\/problems\/\d+\/id$/, 'gas-range-leak');
  });

  it('rejects a catalogue without the catch-all problem the offline diagnosis names (removed or renamed)', () => {
    const removed = withChange('problems/general-handyman.json', (d) => (d.problems = d.problems.filter((p: { id: string }) => p.id !== 'general-repair')));
    const missing = expectDataError(removed, 'problems/general-handyman.json', '/problems', '(file)');
    expect(missing.message).toMatch(/catch-all problem "general-repair"/);
    const renamed = withChange('problems/general-handyman.json', (d) => {
      for (const p of d.problems) if (p.id === 'general-repair') p.id = 'general-fabrication';
    });
    expectDataError(renamed, 'problems/general-handyman.json', '/problems', '(file)');
  });

  it('rejects a part priced low above high', () => {
    const files = withChange('problems/plumbing.json', (d) => (d.problems[0].parts[0].price_low = 99));
    expectDataError(files, 'problems/plumbing.json', '/problems/0/parts/0/price_low', 'toilet-flapper-worn');
  });

  it('rejects too few symptoms', () => {
    const files = withChange('problems/electrical.json', (d) => (d.problems[2].symptoms = []));
    expectDataError(files, 'problems/electrical.json', '/problems/2/symptoms', 'breaker-tripping');
  });

  it('rejects an unknown severity and an unknown safety flag', () => {
    const severity = expectDataError(
      withChange('problems/flooring.json', (d) => (d.problems[0].severity = 'urgent')),
      'problems/flooring.json',
      '/problems/0/severity',
      'carpet-stain-damage',
    );
    expect(severity.message).toMatch(/must be one of low, medium, high, emergency, got "urgent"/);
    expectDataError(
      withChange('problems/flooring.json', (d) => (d.problems[0].safety_flags = ['zombies'])),
      'problems/flooring.json',
      '/problems/0/safety_flags/0',
      'carpet-stain-damage',
    );
  });

  it('rejects a cost score that does not match the typical total', () => {
    const files = withChange('problems/plumbing.json', (d) => (d.problems[0].cost_score = '$$$$'));
    expectDataError(files, 'problems/plumbing.json', '/problems/0/cost_score', 'toilet-flapper-worn');
  });

  it('rejects a trade rate that does not follow from its wage', () => {
    const files = withChange('trades.json', (d) => (d.trades[0].labor_rate = 300));
    expectDataError(files, 'trades.json', '/trades/0/labor_rate', 'plumbing');
  });

  it('rejects vocabulary sections that rewrite the same words differently', () => {
    const files = withChange('vocabulary.json', (d) => (d.spanish.ac = 'kitchen'));
    expectDataError(files, 'vocabulary.json', '/spanish/ac', '(file)');
  });

  it('rejects overlapping ZIP prefix ranges', () => {
    const files = withChange('labor-rates.json', (d) => d.zip_prefixes.push({ from: '100', to: '101', state: 'NJ' }));
    expectDataError(files, 'labor-rates.json', /^\/zip_prefixes\/\d+\/from$/, '(file)');
  });

  it('rejects tenant questions for an unknown trade or without a question mark', () => {
    expectDataError(
      withChange('tenant-questions.json', (d) => (d.questions.astrology = ['Which sign?'])),
      'tenant-questions.json',
      '/questions/astrology',
      '(file)',
    );
    expectDataError(
      withChange('tenant-questions.json', (d) => (d.questions.plumbing[1] = 'Tell us more.')),
      'tenant-questions.json',
      '/questions/plumbing/1',
      '(file)',
    );
    expectDataError(
      withChange('tenant-questions.json', (d) => (d.problems['no-such-problem'] = ['Which one?'])),
      'tenant-questions.json',
      '/problems/no-such-problem',
      '(file)',
    );
  });

  it('rejects a missing file', () => {
    const files = new Map(readKnowledgeFiles());
    files.delete('calibration.json');
    expectDataError(files, 'calibration.json', '', '(file)');
  });
});
