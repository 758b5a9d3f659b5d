import { fixObjectTokens, TextClusterFixNormalizer } from './fix-normalizer';

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
