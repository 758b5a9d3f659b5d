import { ThrottlerStorageService } from '@nestjs/throttler';
import { FailOpenThrottlerStorage } from './fail-open-throttler-storage';

describe('FailOpenThrottlerStorage', () => {
  it('counts through the store while it answers, so limits apply', async () => {
    const storage = new FailOpenThrottlerStorage(new ThrottlerStorageService());
    const records = [];
    for (let i = 0; i < 3; i++) records.push(await storage.increment('token', 60_000, 2, 60_000, 'client'));
    expect(records.map((r) => r.isBlocked)).toEqual([false, false, true]);
  });

  it('lets requests through uncounted when the store fails', async () => {
    const storage = new FailOpenThrottlerStorage({ increment: () => Promise.reject(new Error("Stream isn't writeable")) });
    const record = await storage.increment('token', 60_000, 1, 60_000, 'client');
    expect(record.isBlocked).toBe(false);
  });

  it('lets requests through when the store does not answer', async () => {
    jest.useFakeTimers();
    try {
      const storage = new FailOpenThrottlerStorage({ increment: () => new Promise(() => undefined) });
      const pending = storage.increment('token', 60_000, 1, 60_000, 'client');
      await jest.advanceTimersByTimeAsync(1000);
      await expect(pending).resolves.toMatchObject({ isBlocked: false });
    } finally {
      jest.useRealTimers();
    }
  });
});
