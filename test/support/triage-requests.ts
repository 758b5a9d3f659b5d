import * as fs from 'node:fs';
import type { TriageLevel } from '../../src/knowledge/triage/triage-rules.loader';
import { triageUrgency } from '../../src/knowledge/triage/urgency-triage';

/** A request written for the triage tests, with the urgency a coordinator would give it. */
export interface WrittenTriageRequest<Expected extends string = string> {
  text: string;
  expected: Expected;
  /** "cold": heating season. */
  season?: 'cold';
}

/** A table of written requests: the rows the rules were checked on, and a third held apart. */
export interface WrittenTriageTable<R> {
  checked: R[];
  held_apart: R[];
}

/** Reads a table of written requests (JSON: `checked` and `held_apart`). */
export function loadTriageTable<R extends WrittenTriageRequest>(file: string): WrittenTriageTable<R> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as WrittenTriageTable<R>;
}

/** The triage level of a written request, in its season. */
export function triageLevelOf(r: WrittenTriageRequest): TriageLevel {
  return triageUrgency(r.text, { coldSeason: r.season === 'cold' }).level;
}

/** The triage's reasons for a written request, in its season. */
export function triageReasonsOf(r: WrittenTriageRequest): ReturnType<typeof triageUrgency>['reasons'] {
  return triageUrgency(r.text, { coldSeason: r.season === 'cold' }).reasons;
}

/** An `it.each` row: the text and expected level first, for the test's name. */
export function triageRow<R extends WrittenTriageRequest>(r: R): [string, R['expected'], R] {
  return [r.text, r.expected, r];
}

/** Emergency recall and precision of the triage on some written requests. */
export function emergencyScores(rows: WrittenTriageRequest[]): { emergencies: number; recall: number; precision: number } {
  const flagged = rows.filter((r) => triageLevelOf(r) === 'emergency');
  const emergencies = rows.filter((r) => r.expected === 'emergency').length;
  const hits = flagged.filter((r) => r.expected === 'emergency').length;
  return { emergencies, recall: hits / emergencies, precision: hits / flagged.length };
}

/**
 * One test per checked row, by the level a coordinator gave it: an emergency is read as one, an
 * urgent request as urgent, a near miss as anything but an emergency. A level with no rows adds no
 * test (jest refuses an empty `it.each`).
 */
export function itReadsEachRowAtItsLevel(rows: WrittenTriageRequest[]): void {
  const rowsOf = (expected: string) => rows.filter((r) => r.expected === expected).map(triageRow);
  const [emergencies, urgent, nearMisses] = [rowsOf('emergency'), rowsOf('urgent'), rowsOf('not-emergency')];
  if (emergencies.length > 0)
    it.each(emergencies)('"%s" is an emergency', (_text, _expected, r) => {
      expect(triageLevelOf(r)).toBe('emergency');
    });
  if (urgent.length > 0)
    it.each(urgent)('"%s" is urgent, not an emergency', (_text, _expected, r) => {
      expect(triageLevelOf(r)).toBe('urgent');
    });
  if (nearMisses.length > 0)
    it.each(nearMisses)('"%s" is not an emergency', (_text, _expected, r) => {
      expect(triageLevelOf(r)).not.toBe('emergency');
    });
}
