import { COMMON_LEXEME_SHARE, LexemeFrequencies, SEARCH_LEXEMES } from './lexeme-frequencies';

/** pg_stats as PostgreSQL returns it for a tsvector column: lexemes and the share of rows holding each. */
function statistics(shares: Record<string, number>) {
  let reads = 0;
  const source = {
    query: () => {
      reads++;
      return Promise.resolve([{ elems: Object.keys(shares), freqs: [...Object.values(shares), 0.001, 0.9, 0] }]);
    },
    reads: () => reads,
  };
  return source;
}

describe('LexemeFrequencies', () => {
  it('leaves the table’s common lexemes out and keeps the rarer ones, rarest first', async () => {
    const source = statistics({ leak: 0.2, unit: 0.12, sink: 0.03, kitchen: 0.04 });
    expect(await new LexemeFrequencies().searchLexemes(['kitchen', 'leak', 'sink', 'cabinet', 'unit'], source)).toEqual(['cabinet', 'sink', 'kitchen']);
  });

  it('keeps the two rarest when fewer than two lexemes are uncommon', async () => {
    const source = statistics({ leak: 0.2, unit: 0.12, water: 0.3 });
    expect(await new LexemeFrequencies().searchLexemes(['water', 'leak', 'unit'], source)).toEqual(['unit', 'leak']);
  });

  it(`searches by at most ${SEARCH_LEXEMES} lexemes, the rarest`, async () => {
    const lexemes = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];
    const shares = Object.fromEntries(lexemes.map((l, i) => [l, (COMMON_LEXEME_SHARE * (8 - i)) / 10]));
    const chosen = await new LexemeFrequencies().searchLexemes(lexemes, statistics(shares));
    expect(chosen).toEqual(['a8', 'a7', 'a6', 'a5', 'a4', 'a3']);
  });

  it('keeps every lexeme up to the cap, in order, while the table has no statistics, and reads them once for many searches', async () => {
    const empty = statistics({});
    const frequencies = new LexemeFrequencies();
    expect(await frequencies.searchLexemes(['door', 'lock', 'stuck'], empty)).toEqual(['door', 'lock', 'stuck']);
    await Promise.all([frequencies.searchLexemes(['door'], empty), frequencies.searchLexemes(['lock'], empty)]);
    expect(empty.reads()).toBe(1);
  });

  it('searches without statistics when they cannot be read', async () => {
    const denied = { query: () => Promise.reject(new Error('permission denied')) };
    expect(await new LexemeFrequencies().searchLexemes(['heater', 'noise'], denied)).toEqual(['heater', 'noise']);
  });
});
