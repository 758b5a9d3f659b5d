import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every token starts with this, so leaked tokens are easy to recognise and scan for. */
export const TOKEN_MARKER = 'woi_';
/** 32 random bytes = 256 bits of entropy. */
const TOKEN_BYTES = 32;
/** Marker plus 8 characters: shown in listings, used to find the stored row. */
export const TOKEN_PREFIX_LENGTH = TOKEN_MARKER.length + 8;
const TOKEN_PATTERN = new RegExp(`^${TOKEN_MARKER}[A-Za-z0-9_-]{43}$`);

export function generateToken(): string {
  return TOKEN_MARKER + randomBytes(TOKEN_BYTES).toString('base64url');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function tokenPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX_LENGTH);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
