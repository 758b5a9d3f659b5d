import { BoundedMemo } from './bounded-memo';

/** A memo over texts whose computations are counted. */
function counted(maxEntries: number) {
  const computed = new Map<string, number>();
  const memo = new BoundedMemo<string>(maxEntries);
  const get = (key: string) =>
    memo.get(key, () => {
      computed.set(key, (computed.get(key) ?? 0) + 1);
      return key.toUpperCase();
    });
  return { get, computed };
}

describe('BoundedMemo', () => {
  it('computes a value once while it is remembered, and returns it', () => {
    const { get, computed } = counted(10);
    expect(get('sink leak')).toBe('SINK LEAK');
    expect(get('sink leak')).toBe('SINK LEAK');
    expect(get('door stuck')).toBe('DOOR STUCK');
    expect([...computed]).toEqual([
      ['sink leak', 1],
      ['door stuck', 1],
    ]);
  });

  it('remembers values that are falsy', () => {
    const memo = new BoundedMemo<number | null | undefined>(10);
    let calls = 0;
    for (let i = 0; i < 3; i++)
      for (const [key, value] of [
        ['a', 0],
        ['b', null],
        ['c', undefined],
      ] as const)
        memo.get(key, () => (calls++, value));
    expect(calls).toBe(3);
  });

  it('forgets the oldest values once more than maxEntries were added, and keeps the newest', () => {
    const { get, computed } = counted(10);
    for (let i = 0; i < 30; i++) get(`text ${i}`);
    // The 5 newest are remembered whatever the generation boundary; the first ones are not.
    for (let i = 25; i < 30; i++) get(`text ${i}`);
    for (let i = 25; i < 30; i++) expect(computed.get(`text ${i}`)).toBe(1);
    get('text 0');
    expect(computed.get('text 0')).toBe(2);
  });

  it('keeps a value that is used while newer ones arrive', () => {
    const { get, computed } = counted(10);
    for (let i = 0; i < 200; i++) {
      get('hot text');
      get(`cold ${i}`);
    }
    expect(computed.get('hot text')).toBe(1);
  });

  it('never remembers more than maxEntries values', () => {
    const { get, computed } = counted(10);
    for (let i = 0; i < 100; i++) get(`text ${i}`);
    computed.clear();
    // Newest first, so every value still remembered is found before new ones push it out.
    for (let i = 99; i >= 0; i--) get(`text ${i}`);
    const remembered = 100 - computed.size;
    expect(remembered).toBeGreaterThanOrEqual(5);
    expect(remembered).toBeLessThanOrEqual(10);
  });
});
