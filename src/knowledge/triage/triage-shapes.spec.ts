import * as fs from 'node:fs';
import * as path from 'node:path';
import { isKeptApart, scoreShapes, ShapeRow, TRIAGE_SHAPES } from '../../../test/support/triage-shapes';
import { breakRunOns } from './triage-matcher';
import { triageUrgency } from './urgency-triage';

/**
 * Issue 21, the same emergency said in another shape: every written request rewritten with a place
 * after its subject, politeness and hedges, another tense, a split or joined sentence, capitals,
 * no apostrophes, misspellings or a room code first (`test/support/triage-shapes.ts`) keeps the
 * level a coordinator gave it. `npm run eval:triage-shapes` prints the figures per rewrite.
 */
const rows: ShapeRow[] = fs
  .readdirSync(__dirname)
  .filter((f) => /requests\.json$/.test(f))
  .flatMap((f) => {
    const table = JSON.parse(fs.readFileSync(path.join(__dirname, f), 'utf8')) as { checked: ShapeRow[]; held_apart: ShapeRow[] };
    return [...table.checked, ...table.held_apart];
  });
const isEmergency = (text: string, row: ShapeRow): boolean => triageUrgency(text, { coldSeason: row.season === 'cold' }).level === 'emergency';
const levelOf = (text: string, cold = false) => triageUrgency(text, { coldSeason: cold }).level;

/** Floors under the figures measured on the two thirds the rules were checked on (99.2% and 98.9% at the lowest). */
const EMERGENCIES_KEPT = 0.98;
const OTHERS_KEPT = 0.98;
/** All rewrites together on the third kept apart (measured 99.9% and 100%). */
const APART_KEPT = 0.99;
/** A run-on without punctuation, alone or texted: an exception of one statement reaches the next (measured 96.4% and 97.7% at the lowest). */
const RUN_ON_KEPT = 0.95;
/** Two sentences joined: fewer than twenty near misses have two sentences, one of them a form's list of examples. */
const JOINED_OTHERS_KEPT = 0.9;

describe('triageUrgency reads the same request in another shape at the same level', () => {
  const work = scoreShapes(
    rows.filter((r) => !isKeptApart(r.text)),
    isEmergency,
  );

  it.each(work.map((s) => [s.shape, s] as const))('rewritten as %s, emergencies stay emergencies and near misses stay below', (_name, s) => {
    expect(s.emergencies).toBeGreaterThanOrEqual(15);
    const runOn = s.shape === 'no-punctuation' || s.shape === 'texted';
    expect(s.emergenciesKept / s.emergencies).toBeGreaterThanOrEqual(runOn ? RUN_ON_KEPT : EMERGENCIES_KEPT);
    expect(s.othersKept / s.others).toBeGreaterThanOrEqual(runOn ? RUN_ON_KEPT : s.shape === 'join-sentences' ? JOINED_OTHERS_KEPT : OTHERS_KEPT);
  });

  it('holds on the third kept apart by a hash of the text, all rewrites together', () => {
    const apart = scoreShapes(
      rows.filter((r) => isKeptApart(r.text)),
      isEmergency,
    );
    const sum = (k: 'emergencies' | 'emergenciesKept' | 'others' | 'othersKept') => apart.reduce((n, s) => n + s[k], 0);
    expect(sum('emergencies')).toBeGreaterThanOrEqual(1000);
    expect(sum('emergenciesKept') / sum('emergencies')).toBeGreaterThanOrEqual(APART_KEPT);
    expect(sum('othersKept') / sum('others')).toBeGreaterThanOrEqual(APART_KEPT);
  });

  it('rewrites every row it applies to, and only those', () => {
    const byName = new Map(TRIAGE_SHAPES.map((s) => [s.name, s]));
    expect(byName.get('since-this-morning')?.apply('the toilet is overflowing')).toBe('the toilet has been overflowing since this morning');
    expect(byName.get('place-after-subject')?.apply('the toilet is overflowing')).toMatch(/^the toilet (in|by|on|next) .+ is overflowing$/);
    expect(byName.get('split-subject')?.apply('the pipes are leaking')).toBe('The pipes. They are leaking');
    expect(byName.get('since-this-morning')?.apply('no heat')).toBeUndefined();
  });
});

describe('breakRunOns: where a run-on typed without punctuation starts a new statement', () => {
  const common = new Set(['cracked', 'no', 'ceiling', 'water']);
  const stop = new Set(['the', 'from', 'in']);
  const breaks = (text: string) => breakRunOns(text, (w) => common.has(w), stop);

  it('breaks before a capitalised common word after a lower-case word that is not a stop word', () => {
    expect(breaks('paint in the hallway Cracked window No heat')).toBe('paint in the hallway; Cracked window; No heat');
  });

  it('keeps names, capitals after a stop word, text in capitals and pronouns in the statement', () => {
    expect(breaks('stuck in the Johnson elevator')).toBe('stuck in the Johnson elevator');
    expect(breaks('water coming from Ceiling')).toBe('water coming from Ceiling');
    expect(breaks('WATER FROM CEILING NO HEAT')).toBe('WATER FROM CEILING NO HEAT');
    expect(breaks('friday night with the rains we had water')).toBe('friday night with the rains we had water');
  });
});

describe('shapes that used to change the level (requests written for these tests)', () => {
  it.each([
    // a hedge before the report: the rest is still a subject and its predicate
    ["It looks like the washer in the laundry room is pouring water out the front and it's running into the hall", false],
    ['I think lights and outlets in our unit went dead at the same time', false],
    // a hedge or a verb of aspect between subject and predicate
    ["the laundry washer is kind of pouring water out the door and it's going into the hall", false],
    ['the heat is kind of blowing cold air only and the apartment is freezing', true],
    // a place between the subject and its predicate does not push "it" out of reach
    ["the laundry washer on the second floor is pouring water out the door and it's going into the hall", false],
    // a heading that only says where
    ["Unit 12, 2nd floor: the laundry washer is pouring water out the door and it's going into the hall", false],
    // a run-on whose next statement starts with a capital: planned-looking work of one ("paint") does not reach the next
    ['Chipped paint in the hallway Cracked window No heat in the apartment', true],
    // the subject told in a sentence of its own, then "it" twice
    ['The elevator. It is making noise but there are 2 people stuck in it now', false],
  ] as const)('"%s" is an emergency', (text, cold) => {
    expect(levelOf(text, cold)).toBe('emergency');
  });

  it.each([
    // what "it" is, told in a sentence of its own, still tells which exceptions and softening apply
    ['The hose bib. It has no water', 'the hose bib has no water'],
    ['The ice machine. It has no power, the breaker is fine', 'the ice machine has no power, the breaker is fine'],
    // "started smoking" is a habit of a person as much as "is smoking"
    ['my neighbor started smoking on his porch and it drifts into our unit', 'my neighbor is smoking on his porch and it drifts into our unit'],
  ])('"%s" is read as "%s": not an emergency', (reshaped, written) => {
    expect(levelOf(written)).not.toBe('emergency');
    expect(levelOf(reshaped)).toBe(levelOf(written));
  });
});
