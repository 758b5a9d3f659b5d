import { generateToken, hashesEqual, hashToken, isWellFormedToken, TOKEN_MARKER, tokenPrefix } from './token-format';

describe('token format', () => {
  it('carries the marker and 32 random bytes', () => {
    const token = generateToken();
    expect(token.startsWith(TOKEN_MARKER)).toBe(true);
    expect(Buffer.from(token.slice(TOKEN_MARKER.length), 'base64url')).toHaveLength(32);
    expect(isWellFormedToken(token)).toBe(true);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
  });

  it('rejects tokens of the wrong shape', () => {
    expect(isWellFormedToken('woi_short')).toBe(false);
    expect(isWellFormedToken(`abc_${'A'.repeat(43)}`)).toBe(false);
    expect(isWellFormedToken(`woi_${'A'.repeat(42)}!`)).toBe(false);
  });

  it('exposes a short prefix and a hash that differs from the token', () => {
    const token = generateToken();
    expect(tokenPrefix(token)).toHaveLength(12);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token.slice(4));
  });

  it('compares hashes exactly', () => {
    const a = hashToken(generateToken());
    const b = hashToken(generateToken());
    expect(hashesEqual(a, a)).toBe(true);
    expect(hashesEqual(a, b)).toBe(false);
    expect(hashesEqual(a, a.slice(0, 10))).toBe(false);
  });
});
