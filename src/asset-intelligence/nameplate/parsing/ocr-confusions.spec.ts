import fc from 'fast-check';
import { editDistance } from './brand-matcher';
import { voteBrand } from './brand-vote';
import { foldConfusions, identifierCandidates, repairNumber } from './ocr-confusions';

describe('identifierCandidates', () => {
  it('offers look-alike spellings, best first, with the number of changes', () => {
    const [best, ...others] = identifierCandidates('1O14E12345');
    expect(best).toMatchObject({ value: '1014E12345', changes: 1 });
    expect(others.map((c) => c.value)).toContain('1O14E12345');
  });

  it('ranks spellings a judge accepts first', () => {
    expect(identifierCandidates('KS1234567')[0].value).toBe('KS1234567');
    expect(identifierCandidates('KS1234567', (v) => /^[A-Z]\d{8}$/.test(v))[0].value).toBe('K51234567');
  });

  it('keeps the length, upper-cases, and leaves identifiers without look-alikes alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9|]{1,16}$/), (raw) => {
        const candidates = identifierCandidates(raw);
        expect(candidates.length).toBeGreaterThan(0);
        for (const c of candidates) {
          expect(c.value).toHaveLength(raw.length);
          expect(c.value).toBe(c.value.toUpperCase());
        }
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[ACDEFHJKMNPRTUVWXY3479]{1,16}$/), (raw) => {
        expect(identifierCandidates(raw)[0].value).toBe(raw);
      }),
    );
  });
});

describe('repairNumber and foldConfusions', () => {
  it.each([
    ['l4.1', '14.1'],
    ['8O', '80'],
    ['80,000', '80000'],
    ['14,1', '14.1'],
    ['ABC', undefined],
  ])('repairs %p as a number', (token, expected) => {
    expect(repairNumber(token)).toBe(expected);
  });

  it('folds look-alikes together', () => {
    expect(foldConfusions('CARR1ER')).toBe(foldConfusions('Carrier'));
    expect(foldConfusions('G00DMAN')).toBe(foldConfusions('GOODMAN'));
  });
});

describe('voteBrand', () => {
  const brands = ['Carrier', 'Rheem', 'Ruud', 'A.O. Smith', 'Bradford White'];

  it('finds brands across words and OCR errors, preferring exact readings', () => {
    expect(voteBrand('MFD BY\nA. O. SMITH CORP', brands)).toMatchObject({ brand: 'A.O. Smith', confidence: 0.95 });
    expect(voteBrand('BRADF0RD WHITE', brands)?.brand).toBe('Bradford White');
    expect(voteBrand('CARRIEF\nCARRIER', brands)).toMatchObject({ brand: 'Carrier', raw: 'CARRIER' });
  });

  it('does not stretch short names', () => {
    expect(voteBrand('RUUD', brands)?.brand).toBe('Ruud');
    expect(voteBrand('RUN', brands)).toBeUndefined();
    expect(voteBrand('anything', [])).toBeUndefined();
  });

  it('measures edit distance, giving up past the limit', () => {
    expect(editDistance('RHEEM', 'RHEEN', 2)).toBe(1);
    expect(editDistance('CARRIER', 'CAREER', 1)).toBe(2);
  });
});
