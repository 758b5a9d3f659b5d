import { JsonArraySplitter } from './json-array-splitter';

describe('JsonArraySplitter', () => {
  it('splits elements across chunk boundaries, minding strings and nesting', () => {
    const text = '[\n {"a": "x,]}[", "b": [1, {"c": "\\"q\\""}]},\n {"a": 2}\n]';
    const splitter = new JsonArraySplitter();
    const out = [...text].flatMap((ch) => splitter.push(ch));
    expect(out.map((e) => JSON.parse(e.text))).toEqual([{ a: 'x,]}[', b: [1, { c: '"q"' }] }, { a: 2 }]);
    expect(out.map((e) => e.line)).toEqual([2, 3]);
    expect(splitter.end()).toBeUndefined();
  });

  it('refuses text that is not an array', () => {
    expect(() => new JsonArraySplitter().push('{"a":1}')).toThrow(/expected a JSON array/);
  });

  it('hands back an unterminated last element', () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.push('[{"a":1},{"b":')).toHaveLength(1);
    expect(splitter.end()?.text).toBe('{"b":');
  });
});
