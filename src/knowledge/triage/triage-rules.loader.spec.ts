import * as fs from 'node:fs';
import { loadKnowledgeBase } from '../knowledge-base';
import { KnowledgeDataError } from '../data-validation';
import { loadTriageRules, readTriageRules, TRIAGE_RULES_FILE } from './triage-rules.loader';
import { UrgencyTriage } from './urgency-triage';

const FILE = 'triage/triage-rules.json';

/** The shipped file, parsed, with one change applied, to prove the loader catches it. */
function withChange(change: (data: any) => void): unknown {
  const data = JSON.parse(fs.readFileSync(TRIAGE_RULES_FILE, 'utf8'));
  change(data);
  return data;
}

/** Loads and compiles (the compile step checks every pattern against the vocabulary). */
function build(data: unknown): UrgencyTriage {
  return new UrgencyTriage(readTriageRules(data), loadKnowledgeBase().vocabulary);
}

/** Asserts that loading fails at the JSON Pointer `path`, inside the category `entry`, and that the message says where. */
function expectDataError(data: unknown, entry: string, path: string | RegExp): void {
  let error: unknown;
  try {
    build(data);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(KnowledgeDataError);
  const e = error as KnowledgeDataError;
  expect(e.file).toBe(FILE);
  expect(e.entry).toBe(entry);
  if (typeof path === 'string') expect(e.path).toBe(path);
  else expect(e.path).toMatch(path);
  expect(e.message).toContain(`${FILE}: ${e.path}`);
}

describe('triage rules file', () => {
  const rules = loadTriageRules();

  it('loads, and every phrase of every entry compiles against the project vocabulary', () => {
    expect(rules.version).toMatch(/^\d{4}\.\d+\.\d+$/);
    expect(() => new UrgencyTriage(rules, loadKnowledgeBase().vocabulary)).not.toThrow();
  });

  it('covers every situation of the issue, at the level it asks for', () => {
    const level = (id: string) => rules.categories.find((c) => c.id === id)?.level;
    for (const id of [
      'gas-leak',
      'carbon-monoxide',
      'fire-smoke',
      'electrical-hazard',
      'flooding',
      'water-through-ceiling',
      'sewage-backup',
      'no-heat',
      'no-water',
      'no-power',
      'entry-not-secure',
      'ground-floor-window',
      'elevator-entrapment',
    ]) {
      expect({ id, level: level(id) }).toEqual({ id, level: 'emergency' });
    }
    // A lockout is not in the list: the door still secures the home (urgent, BENCHMARKS.md issue 21).
    for (const id of ['minor-leak', 'no-cooling', 'no-hot-water', 'toilet-out-of-order', 'partial-power', 'life-safety-device', 'lockout']) {
      expect({ id, level: level(id) }).toEqual({ id, level: 'urgent' });
    }
    expect(rules.categories.find((c) => c.id === 'no-heat')?.season).toBe('cold');
  });

  it("names only its own categories in the catalogue's unlikely_when", () => {
    const ids = new Set(rules.categories.map((c) => c.id));
    const named = loadKnowledgeBase().problems.flatMap((p) => (p.unlikely_when ?? []).map((id) => `${p.id}: ${id}`));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !ids.has(entry.split(': ')[1]))).toEqual([]);
  });

  it('gives every category a readable reason and a kebab-case group', () => {
    for (const c of rules.categories) {
      expect(c.reason.length).toBeGreaterThan(8);
      expect(c.group).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('names the entry and field of a wrong level', () => {
    expectDataError(
      withChange((d) => (d.categories[0].level = 'soon')),
      'gas-leak',
      '/categories/0/level',
    );
  });

  it('names the position of an entry without an id', () => {
    expectDataError(
      withChange((d) => delete d.categories[2].id),
      '(file)',
      '/categories/2/id',
    );
  });

  it('rejects a repeated id, an unknown field and a bad season', () => {
    expectDataError(
      withChange((d) => (d.categories[1].id = 'gas-leak')),
      'gas-leak',
      '/categories/1/id',
    );
    expectDataError(
      withChange((d) => (d.categories[0].patern = ['gas'])),
      'gas-leak',
      '/categories/0/patern',
    );
    expectDataError(
      withChange((d) => (d.categories[0].season = 'spring')),
      'gas-leak',
      '/categories/0/season',
    );
  });

  it('rejects a "several" level with fewer than two kinds, or a kind that cannot match', () => {
    expectDataError(
      withChange((d) => (d.categories[0].several = { level: 'emergency', reason: 'Gas in two places', kinds: ['gas'] })),
      'gas-leak',
      '/categories/0/several/kinds',
    );
    expectDataError(
      withChange((d) => (d.categories[0].several = { level: 'emergency', reason: 'Gas in two places', kinds: ['gas', '123'] })),
      'gas-leak',
      '/categories/0/several/kinds/1',
    );
  });

  it('rejects a "contained" flag that is not true or false, and a contained or spilling marker that cannot match', () => {
    expectDataError(
      withChange((d) => (d.categories[0].contained = 'yes')),
      'gas-leak',
      '/categories/0/contained',
    );
    expectDataError(
      withChange((d) => (d.contained_markers = ['contained', '123'])),
      '(file)',
      '/contained_markers/1',
    );
    expectDataError(
      withChange((d) => (d.spilling_markers = ['overflowing', '123'])),
      '(file)',
      '/spilling_markers/1',
    );
  });

  it('rejects a landmark word that cannot match', () => {
    expectDataError(
      withChange((d) => (d.landmark_words = ['by', '123'])),
      '(file)',
      '/landmark_words/1',
    );
  });

  it('rejects an "at_stake" without phrases, or a phrase of it that cannot match', () => {
    expectDataError(
      withChange((d) => (d.categories[0].at_stake = { reason: 'Gas near people', phrases: [] })),
      'gas-leak',
      '/categories/0/at_stake/phrases',
    );
    expectDataError(
      withChange((d) => (d.categories[0].at_stake = { reason: 'Gas near people', phrases: ['123'] })),
      'gas-leak',
      '/categories/0/at_stake/phrases/0',
    );
    expectDataError(
      withChange((d) => (d.categories[0].at_stake = { reason: 'Gas near people', phrases: ['people'], with: ['123'] })),
      'gas-leak',
      '/categories/0/at_stake/with/0',
    );
    expectDataError(
      withChange((d) => (d.categories[0].at_stake = { reason: 'Gas near people', phrases: ['people'], unless: ['123'] })),
      'gas-leak',
      '/categories/0/at_stake/unless/0',
    );
  });

  it('rejects an empty pattern list and patterns that cannot match', () => {
    expectDataError(
      withChange((d) => (d.categories[0].patterns = [])),
      'gas-leak',
      '/categories/0/patterns',
    );
    expectDataError(
      withChange((d) => d.categories[0].patterns.push('... gas')),
      'gas-leak',
      /^\/categories\/0\/patterns\/\d+$/,
    );
    expectDataError(
      withChange((d) => d.categories[0].patterns.push('gas ...')),
      'gas-leak',
      /^\/categories\/0\/patterns\/\d+$/,
    );
    expectDataError(
      withChange((d) => d.categories[0].patterns.push('gas|123 smell')),
      'gas-leak',
      /^\/categories\/0\/patterns\/\d+$/,
    );
    expectDataError(
      withChange((d) => d.categories[0].unless.push('42')),
      'gas-leak',
      /^\/categories\/0\/unless\/\d+$/,
    );
  });

  it('rejects shorthand that contradicts the project vocabulary', () => {
    expectDataError(
      withChange((d) => (d.vocabulary.ac = 'alternating current')),
      '(file)',
      '/vocabulary/ac',
    );
  });

  it('rejects a file without its shared negation and context lists', () => {
    expect(() => readTriageRules(withChange((d) => delete d.negation))).toThrow(KnowledgeDataError);
    expect(() => readTriageRules(withChange((d) => (d.planned_work = [])))).toThrow(/planned_work/);
  });
});
