/**
 * Deepest nesting of arrays and objects a work order or query may have. Work orders are flat;
 * far deeper values (a few thousand levels fit in a small body) overflow the call stack of
 * class-transformer, which copies them recursively.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests arrays or objects more than `maxDepth` levels deep; checked without recursion. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Deletes `__proto__`, `prototype` and `constructor` keys at every level of a parsed JSON value,
 * in place, as Nest's ValidationPipe does before class-transformer copies a body: an own
 * `constructor` key ({"constructor": {}}) makes class-transformer throw. Call it on values
 * already known not to nest deeper than MAX_JSON_DEPTH.
 */
export function stripPrototypeKeys(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of ['__proto__', 'prototype', 'constructor']) if (Object.prototype.hasOwnProperty.call(record, key)) delete record[key];
  }
  for (const child of Object.values(value)) stripPrototypeKeys(child);
}
