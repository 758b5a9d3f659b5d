import { createHash } from 'node:crypto';

/**
 * Keeps a derived key within its varchar column, in characters as PostgreSQL counts them (code
 * points). Keys join several fields, and case mapping can lengthen text ("İ" lower-cases to two
 * characters, "ß" upper-cases to "SS"), so an over-long key keeps its start and ends with a hash
 * of the whole: still equal for equal input, still different for different input.
 */
export function fitKey(key: string | null, width: number): string | null {
  if (key === null) return null;
  const chars = Array.from(key);
  if (chars.length <= width) return key;
  return `${chars.slice(0, width - 17).join('')}~${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
