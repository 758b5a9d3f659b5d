import fc from 'fast-check';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { isoDateJunk, isoDateValid, JsonObject, junkJson, junkKey, nastyText, numberJunk, sizedText, toJsonText } from '../../../test/support/arbitraries';
import { MAX_JSON_DEPTH, nestedDeeperThan, stripPrototypeKeys } from '../../common/untrusted-json';
import { flattenValidationErrors } from '../../common/validation.pipe';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import { createFixNormalizer, createProblemClassifier } from '../fixes/fix-normalizer.factory';
import { generateDemoHistory } from '../demo/demo-history.generator';
import { toHistoryRow } from './history-row';
import { HistoryImportService, truncateLongNotes } from './history-import.service';
import type { HistoryRepository } from './history.repository';

const kb = loadKnowledgeBase();
const fixes = createFixNormalizer(kb);
const classifier = createProblemClassifier(kb);
const importer = new HistoryImportService(null as unknown as HistoryRepository, fixes, classifier);

/** The import's validation before the compiled fast path: class-transformer, then class-validator on every row. */
function referencePrepare(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { errors: [{ message: 'row must be a JSON object' }] };
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return { errors: [{ message: `row is nested more than ${MAX_JSON_DEPTH} levels deep` }] };
  stripPrototypeKeys(value);
  // Over-long notes are cut before validation on both paths (an import stores them truncated, with a warning).
  const warnings = truncateLongNotes(value as Record<string, unknown>);
  const dto = plainToInstance(EnrichWorkOrderDto, value);
  const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true });
  if (errors.length > 0) return { errors: flattenValidationErrors(errors) };
  return { row: toHistoryRow(dto, fixes, classifier), warnings };
}

/** Values for one DTO property: of its kind (read from its constraints), at its limits, or junk of any type. */
function valuesFor(property: string): { valid: fc.Arbitrary<unknown>; any: fc.Arbitrary<unknown> } {
  const metadatas = getMetadataStorage()
    .getTargetValidationMetadatas(EnrichWorkOrderDto, '', false, false)
    .filter((m) => m.propertyName === property);
  const has = (name: string) => metadatas.some((m) => m.name === name);
  const constraint = (name: string) => metadatas.find((m) => m.name === name)?.constraints?.[0] as number | undefined;
  const maxLength = constraint('maxLength') ?? 100;
  const max = constraint('max') ?? 0;
  const [valid, edge]: fc.Arbitrary<unknown>[] = has('isIso8601')
    ? [
        fc.oneof(
          isoDateValid,
          isoDateValid.map((d) => ` ${d}\t`),
          isoDateValid.map((d) => d.replace('T', ' ')),
        ),
        isoDateJunk,
      ]
    : has('isInt')
      ? [fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(max, max + 1, -1, 1.5, -0)]
      : has('isNumber')
        ? [fc.oneof(fc.double({ min: 0, max, noNaN: true }), fc.integer({ min: 0, max: 2_000_000_000 })), fc.constantFrom(0, max, max + 0.5, -0, 5e-324, -1e-9)]
        : [
            fc.oneof(nastyText({ maxLength: 40, nonBlank: true }), sizedText(maxLength, 'within', { nonBlank: true })),
            fc.oneof(sizedText(maxLength, 'beyond', { factor: 2 }), fc.constantFrom('', ' ', ' padded\t', 'a\u0000b')),
          ];
  return {
    valid: fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: fc.constant(null) }),
    any: fc.oneof({ weight: 4, arbitrary: valid }, { weight: 2, arbitrary: edge }, fc.constant(null), numberJunk, isoDateJunk, junkJson),
  };
}

const PROPERTIES = Object.keys(new EnrichWorkOrderDto());
const VALUES = PROPERTIES.map((p) => [p, valuesFor(p)] as const);

/** Entries of a row whose values are all of the right kind (likely accepted), or of any kind; any subset of the properties, sometimes with extra keys. */
function rowEntries(kind: 'valid' | 'any'): fc.Arbitrary<[string, unknown][]> {
  return fc
    .tuple(
      fc.tuple(...VALUES.map(([p, values]) => fc.option(values[kind], { nil: undefined, freq: 3 }).map((v) => [p, v] as [string, unknown]))),
      fc.array(fc.tuple(junkKey, fc.oneof(junkJson, nastyText({ maxLength: 10 }))), { maxLength: kind === 'valid' ? 1 : 3 }),
    )
    .map(([fields, extra]) => [...fields.filter(([, v]) => v !== undefined), ...extra]);
}

/** A likely valid row with one property set to a value of any kind: each constraint gets to be the only one that fails. */
const oneOddValue: fc.Arbitrary<[string, unknown][]> = fc
  .tuple(
    rowEntries('valid'),
    fc.constantFrom(...VALUES).chain(([p, values]) => values.any.map((v) => [p, v] as [string, unknown])),
  )
  .map(([entries, [property, value]]) => [...entries.filter(([k]) => k !== property), [property, value]]);

const rowText = fc.oneof(rowEntries('valid'), rowEntries('any'), oneOddValue).map((entries) => toJsonText(new JsonObject(entries)));

/** Results with dates as their time value, so the comparison says which instant differs. */
function comparable(result: object): unknown {
  if (!('row' in result)) return result;
  const row = result.row as Record<string, unknown>;
  return { row: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? `Date(${v.getTime()})` : v])) };
}

describe('import validation: compiled fast path against class-validator', () => {
  it('gives the same verdict, the same stored row and the same error messages for any row', () => {
    let accepted = 0;
    fc.assert(
      fc.property(rowText, (text) => {
        const fast = importer.prepare(JSON.parse(text));
        const reference = referencePrepare(JSON.parse(text));
        expect(comparable(fast)).toEqual(comparable(reference));
        if ('row' in fast) accepted++;
      }),
      { numRuns: 4000 },
    );
    // The property says nothing if almost every row is rejected: the generator must produce valid rows too.
    expect(accepted).toBeGreaterThan(300);
  });

  it('gives the same rows as class-validator for the demo history', () => {
    for (const row of generateDemoHistory({ count: 500, seed: 7 })) {
      expect(importer.prepare(JSON.parse(JSON.stringify(row)))).toEqual(referencePrepare(JSON.parse(JSON.stringify(row))));
    }
  });
});
