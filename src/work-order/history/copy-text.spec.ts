import { copyField, copyText, copyTextField } from './copy-text';

describe('COPY text encoding', () => {
  it('escapes the characters that end a field or a row, and the escape character itself', () => {
    expect(copyTextField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyTextField('\\N')).toBe('\\\\N');
    expect(copyTextField('\\.')).toBe('\\\\.');
    expect(copyTextField('plain, "quoted" \'text\' 😀 e\u0301 \u2028')).toBe('plain, "quoted" \'text\' 😀 e\u0301 \u2028');
  });

  it('refuses NUL instead of changing the text', () => {
    expect(() => copyTextField('a\u0000b')).toThrow(/NUL/);
  });

  it('writes NULL, numbers and instants', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(12.5)).toBe('12.5');
    expect(copyField(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(copyField(new Date('2026-03-14T09:30:00-05:00'))).toBe('2026-03-14T14:30:00.000Z');
    expect(() => copyField(Number.NaN)).toThrow(/finite/);
  });

  it('writes one tab-separated line per row, in the given key order', () => {
    expect(
      copyText(
        [
          { a: 'x\ty', b: 1 },
          { a: null, b: 2 },
        ],
        ['b', 'a'],
      ),
    ).toBe('1\tx\\ty\n2\t\\N\n');
  });
});
