import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows max requests per window and key, then says when to retry', () => {
    const limiter = new RateLimiter({ max: 2, windowSeconds: 60 });
    expect(limiter.take('a', 0)).toEqual({ allowed: true });
    expect(limiter.take('a', 1000)).toEqual({ allowed: true });
    expect(limiter.take('b', 1000)).toEqual({ allowed: true });
    expect(limiter.take('a', 20_500)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.take('a', 60_000)).toEqual({ allowed: true });
  });

  it('tells whether a key is exhausted without counting', () => {
    const limiter = new RateLimiter({ max: 1, windowSeconds: 10 });
    expect(limiter.exhausted('a', 0)).toEqual({ allowed: true });
    limiter.take('a', 0);
    expect(limiter.exhausted('a', 4000)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.exhausted('a', 10_000)).toEqual({ allowed: true });
  });

  it('is off with max 0', () => {
    const limiter = new RateLimiter({ max: 0, windowSeconds: 60 });
    expect(limiter.enabled).toBe(false);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a', i).allowed).toBe(true);
  });
});
