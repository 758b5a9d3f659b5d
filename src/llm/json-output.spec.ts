import { parseModelJson } from './json-output';
import { LlmError, LlmErrorCode } from './llm.errors';

describe('parseModelJson', () => {
  it.each([
    ['fenced and truncated', '```json\n{"answer": "fixed", "score": 2', { answer: 'fixed', score: 2 }],
    ['prose before and after', 'Here you go: {"a": 1} hope it helps', { a: 1 }],
    ['a closed fence followed by prose', '```json\n{"a": {"b": [1]}}\n```\nThanks', { a: { b: [1] } }],
    ['an unterminated string', '{"a": "unterminated', { a: 'unterminated' }],
    ['a trailing comma in a cut-off array', '{"a": [1, 2,', { a: [1, 2] }],
    ['Python literals and single quotes', "{'a': True, b: None}", { a: true, b: null }],
  ])('repairs %s', (_name, text, expected) => {
    expect(parseModelJson(text)).toEqual(expected);
  });

  it('reports output it cannot repair as invalid output', () => {
    const parsed = (() => {
      try {
        return parseModelJson('{{{');
      } catch (e) {
        return e;
      }
    })();
    expect(parsed).toBeInstanceOf(LlmError);
    expect((parsed as LlmError).code).toBe(LlmErrorCode.InvalidOutput);
  });
});
