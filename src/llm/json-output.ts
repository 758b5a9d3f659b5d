import Ajv, { ValidateFunction } from 'ajv';
import { LlmError, LlmErrorCode } from './llm.errors';
import type { JsonSchema } from './llm.port';

/**
 * Best-effort repair of almost-JSON: strips Markdown code fences and text around the outermost
 * object, and closes brackets and a string left open by a truncated answer.
 */
export function repairJson(text: string): string {
  let s = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const start = s.search(/[{[]/);
  if (start > 0) s = s.slice(start);
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  let end = s.length;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      stack.pop();
      if (stack.length === 0) {
        end = i + 1;
        break;
      }
    }
  }
  s = s.slice(0, end);
  if (inString) s += '"';
  s = s.replace(/,\s*$/, '');
  while (stack.length > 0) s += stack.pop();
  return s;
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
