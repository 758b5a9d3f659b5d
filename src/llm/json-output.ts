import Ajv, { ValidateFunction } from 'ajv';
import { jsonrepair } from 'jsonrepair';
import { LlmError, LlmErrorCode } from './llm.errors';
import type { JsonSchema } from './llm.port';

/**
 * Best-effort repair of almost-JSON with jsonrepair (truncated answers, unquoted keys, Python
 * literals, trailing commas). jsonrepair keeps prose around the JSON and would turn it into
 * strings or an array, so the text before the first bracket and from a closing code fence on are
 * cut first, and trailing prose is cut at the last bracket when the first attempt fails.
 */
export function repairJson(text: string): string {
  const start = text.search(/[{[]/);
  const body = (start >= 0 ? text.slice(start) : text).replace(/\s*```[\s\S]*$/, '');
  try {
    return jsonrepair(body);
  } catch {
    return jsonrepair(body.slice(0, Math.max(body.lastIndexOf('}'), body.lastIndexOf(']')) + 1));
  }
}

/** Parses model output as JSON, repairing it once when it does not parse as is. */
export function parseModelJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(repairJson(text));
    } catch (e) {
      throw new LlmError(LlmErrorCode.InvalidOutput, `model output is not JSON: ${(e as Error).message}`);
    }
  }
}

const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** Throws LlmError(InvalidOutput) naming the first violation when `data` does not match `schema`. */
export function assertMatchesSchema(data: unknown, schema: JsonSchema): void {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new LlmError(LlmErrorCode.InvalidOutput, `model output does not match the schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
}
