import { keyTerms, minimumMatchedTerms } from './query-terms';
import { similarityScore } from './similarity';

describe('key terms', () => {
  it('keeps the words that describe the problem of a chatty description', () => {
    const text =
      'Hi, the tenant in apt 4B called again today and says that her kitchen sink is still leaking under the cabinet, please send someone ASAP, thanks!';
    expect(keyTerms(text)).toEqual(['kitchen', 'sink', 'leaking', 'cabinet', 'send']);
  });

  it('only returns plain words, so they are safe inside a tsquery', () => {
    expect(keyTerms("x'); DROP TABLE work_orders; -- & | ! <->")).toEqual(['drop', 'table', 'work', 'orders']);
  });

  it('asks for one matched term on short texts and two otherwise', () => {
    expect(minimumMatchedTerms(1)).toBe(1);
    expect(minimumMatchedTerms(2)).toBe(1);
    expect(minimumMatchedTerms(5)).toBe(2);
  });
});

describe('similarity score', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const none = { sameUnit: false, sameAsset: false, sameProperty: false, sameLocation: false, sameCustomer: false };

  it('stays within 0..1 and favours the same unit', () => {
    const full = similarityScore(1, { ...none, sameUnit: true }, now, now);
    expect(full).toBe(1);
    const portfolio = similarityScore(1, none, now, now);
    const unit = similarityScore(1, { ...none, sameUnit: true }, new Date('2024-06-01'), now);
    expect(unit).toBeGreaterThan(portfolio);
    expect(similarityScore(0, none, null, now)).toBe(0.05);
  });
});
