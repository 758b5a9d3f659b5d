import { AppError } from '../common/app-error';
import { httpAnswerFor } from '../common/error-http';
import { errorForStatus, LlmError, LlmErrorCode, redactSecret } from './llm.errors';

describe('LLM errors', () => {
  it('maps provider statuses to codes', () => {
    expect([429, 408, 500, 503, 400].map((s) => errorForStatus(s, 'x').code)).toEqual([
      LlmErrorCode.RateLimited,
      LlmErrorCode.Timeout,
      LlmErrorCode.Upstream,
      LlmErrorCode.Upstream,
      LlmErrorCode.Rejected,
    ]);
  });

  it('takes every copy of the API key out of a provider message', () => {
    const key = 'sk-live-0123456789abcdef';
    expect(redactSecret(`401 Incorrect API key provided: Bearer ${key} (key=${key})`, key)).toBe(
      '401 Incorrect API key provided: Bearer [redacted] (key=[redacted])',
    );
  });

  it('leaves messages alone without a key, or with one too short to be a secret', () => {
    expect(redactSecret('fetch failed', undefined)).toBe('fetch failed');
    expect(redactSecret('a b c', 'a')).toBe('a b c');
  });
});

describe('LlmError', () => {
  it('is a domain error the error filter answers by its code', () => {
    const error = new LlmError(LlmErrorCode.Timeout, 'the model did not answer in time');
    expect(error).toBeInstanceOf(AppError);
    expect(httpAnswerFor(error)).toEqual({
      status: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: 'the model did not answer in time',
      headers: { 'Retry-After': '30' },
    });
    expect(httpAnswerFor(new LlmError(LlmErrorCode.InvalidOutput, 'not JSON'))).toMatchObject({ status: 502, error: 'UPSTREAM_FAILED', headers: {} });
  });
});
