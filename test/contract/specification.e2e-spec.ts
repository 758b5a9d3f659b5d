import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSpecification, SpecTables } from './spec-markdown';
import { CONTEXT, DIAGNOSIS, DIAGNOSIS_RESULT, ENDPOINTS, PREVIOUS_FIX, PRICING, WORK_ORDER_INPUT } from './specification';

/**
 * The contract tests check the service against specification.ts; this test checks that file
 * against the specification itself, so an edit of the specification cannot go unnoticed. The
 * specification lives beside the repository (../shared), which CI checkouts may not have.
 */
const SPEC_FILE = path.resolve(__dirname, '../../../shared/spec/service-specification.md');
const present = fs.existsSync(SPEC_FILE);

if (!present) {
  console.log(
    `Specification drift check skipped: ${SPEC_FILE} does not exist here (the encoded tables in test/contract/specification.ts are still used by the other contract tests).`,
  );
}

(present ? describe : describe.skip)('test/contract/specification.ts matches the specification', () => {
  let spec: SpecTables;
  beforeAll(() => {
    spec = parseSpecification(fs.readFileSync(SPEC_FILE, 'utf8'));
  });

  it('work order input: the 26 fields, types and required flags', () => {
    expect(spec.workOrderInput).toHaveLength(26);
    expect(spec.workOrderInput).toEqual(WORK_ORDER_INPUT);
  });

  it('diagnosis result and its objects', () => {
    expect(spec.diagnosisResult).toEqual(DIAGNOSIS_RESULT);
    expect(spec.previousFix).toEqual(PREVIOUS_FIX);
    expect(spec.diagnosis).toEqual(DIAGNOSIS);
    expect(spec.pricing).toEqual(PRICING);
    expect(spec.context).toEqual(CONTEXT);
  });

  it('the three endpoints: method, path, request content type and inputs, success', () => {
    expect(spec.endpoints).toEqual(ENDPOINTS);
  });

  // Without these, a parser that read too little would let real drift through.
  it('sees a changed type, required flag or field name as drift', () => {
    const text = fs.readFileSync(SPEC_FILE, 'utf8');
    const edits: [string, string][] = [
      ['| unit_id | number | No |', '| unit_id | string | No |'],
      ['| unit_id | number | No |', '| unit_id | number | Yes |'],
      ['| tickets_effected | array of string |', '| tickets_affected | array of string |'],
      ['total_labor, total.', 'total_labor.'],
      ['| Method and path | POST /asset-intelligence/analyze |', '| Method and path | POST /asset-intelligence/profile |'],
      ['| serial_number | string | No |', '| serial_number | string | Yes |'],
    ];
    for (const [from, to] of edits) {
      expect(text).toContain(from);
      expect(parseSpecification(text.replace(from, to))).not.toEqual(parseSpecification(text));
    }
  });
});
