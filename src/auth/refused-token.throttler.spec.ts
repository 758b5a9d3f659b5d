import { ThrottlerStorageService } from '@nestjs/throttler';
import { AppError, ErrorCode } from '../common/app-error';
import { RefusedTokenThrottler } from './refused-token.throttler';

const throttler = (max: number, storage = new ThrottlerStorageService()) => new RefusedTokenThrottler({ rateLimit: { max, windowSeconds: 60 } }, storage);

async function blocked(t: RefusedTokenThrottler, ip: string): Promise<AppError | undefined> {
  try {
    await t.assertNotBlocked(ip);
    return undefined;
  } catch (e) {
    return e as AppError;
  }
}

describe('RefusedTokenThrottler over the in-memory ThrottlerStorage', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('blocks an address once it used up its refusals, for one window, with Retry-After', async () => {
    const t = throttler(3);
    for (let i = 0; i < 3; i++) {
      expect(await blocked(t, '10.0.0.1')).toBeUndefined();
      await t.refused('10.0.0.1');
    }
    const error = await blocked(t, '10.0.0.1');
    expect(error?.code).toBe(ErrorCode.RateLimited);
    expect(error?.retryAfterSeconds).toBe(60);
    // Checking does not count: still blocked, still one window from the last refusal.
    jest.advanceTimersByTime(30_000);
    expect((await blocked(t, '10.0.0.1'))?.retryAfterSeconds).toBe(30);
    expect(await blocked(t, '10.0.0.2')).toBeUndefined();
    jest.advanceTimersByTime(31_000);
    expect(await blocked(t, '10.0.0.1')).toBeUndefined();
  });

  it('does not block on checks alone, however many', async () => {
    const t = throttler(2);
    for (let i = 0; i < 50; i++) expect(await blocked(t, '10.0.0.3')).toBeUndefined();
    await t.refused('10.0.0.3');
    expect(await blocked(t, '10.0.0.3')).toBeUndefined();
  });

  it('counts IPv6 callers by their /64', async () => {
    const t = throttler(1);
    await t.refused('2001:db8::1');
    expect((await blocked(t, '2001:db8::2'))?.code).toBe(ErrorCode.RateLimited);
  });

  it('never blocks with max 0', async () => {
    const t = throttler(0);
    for (let i = 0; i < 5; i++) await t.refused('10.0.0.4');
    expect(await blocked(t, '10.0.0.4')).toBeUndefined();
  });
});
