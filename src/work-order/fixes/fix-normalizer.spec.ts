import { CachedFixNormalizer, fixObjectTokens, TextClusterFixNormalizer } from './fix-normalizer';

describe('TextClusterFixNormalizer', () => {
  const normalizer = new TextClusterFixNormalizer();
  const key = (text: string) => normalizer.normalize(text)?.key;

  it('groups different phrasings of the same fix', () => {
    expect(key('replaced flapper')).toBe('text:flapper');
    expect(key('New flapper installed')).toBe('text:flapper');
    expect(key('Flapper replaced in toilet tank.')).toBe('text:flapper');
  });

  it('keeps different fixes apart', () => {
    expect(key('Replaced fill valve')).toBe('text:fill valve');
    expect(key('Replaced wax ring')).not.toBe(key('Replaced flapper'));
  });

  it('falls back to the fixture when nothing more specific is named', () => {
    expect(fixObjectTokens('Reset toilet')).toEqual(['toilet']);
  });

  it('has nothing to say about empty or action-only text', () => {
    expect(normalizer.normalize('')).toBeUndefined();
    expect(normalizer.normalize('Fixed. Done, completed.')).toBeUndefined();
  });
});

describe('CachedFixNormalizer', () => {
  it('asks the inner normalizer once per distinct text and returns the same answer', () => {
    const inner = new TextClusterFixNormalizer();
    const spy = jest.spyOn(inner, 'normalize');
    const cached = new CachedFixNormalizer(inner, 2);
    expect(cached.normalize('replaced flapper')).toEqual(inner.normalize('replaced flapper'));
    spy.mockClear();
    cached.normalize('replaced flapper');
    cached.normalize('Done.');
    cached.normalize('Done.');
    expect(spy).toHaveBeenCalledTimes(1);
    cached.normalize('new fill valve');
    cached.normalize('replaced flapper');
    expect(spy).toHaveBeenCalledTimes(3);
  });
});
