import { Keyv } from 'keyv';
import { freePort } from '../../../test/support/processes';
import { CachedDiagnosis, createEnrichmentCache, keyvEnrichmentCache, requestKey } from './enrichment-cache';

const ANSWER: CachedDiagnosis = { diagnoses: [], insights: ['Check the flapper'] };

describe('enrichment cache', () => {
  it('is off when the TTL is zero, whatever the store', () => {
    expect(createEnrichmentCache(0)).toBeUndefined();
    expect(createEnrichmentCache(0, { redisUrl: 'redis://127.0.0.1:1' })).toBeUndefined();
  });

  it('keeps answers in process without Redis', async () => {
    const cache = createEnrichmentCache<CachedDiagnosis>(60_000)!;
    await cache.set('k', ANSWER);
    expect(await cache.get('k')).toEqual(ANSWER);
    expect(await cache.get('other')).toBeUndefined();
  });

  it('shares answers through one keyv store between two instances, per client', async () => {
    const store = new Keyv();
    const instanceA = keyvEnrichmentCache<CachedDiagnosis>(store, 60_000);
    const instanceB = keyvEnrichmentCache<CachedDiagnosis>(store, 60_000);
    const order = { issue_description: 'Toilet keeps running', unit_detail: '12B' };
    await instanceA.set(requestKey('client-1', order), ANSWER);
    expect(await instanceB.get(requestKey('client-1', { unit_detail: '12B', issue_description: 'Toilet keeps running' }))).toEqual(ANSWER);
    expect(await instanceB.get(requestKey('client-2', order))).toBeUndefined();
  });

  it('lets entries expire after the TTL', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const cache = keyvEnrichmentCache<CachedDiagnosis>(new Keyv(), 60_000);
      await cache.set('k', ANSWER);
      jest.setSystemTime(new Date('2026-01-01T00:00:59Z'));
      expect(await cache.get('k')).toEqual(ANSWER);
      jest.setSystemTime(new Date('2026-01-01T00:01:01Z'));
      expect(await cache.get('k')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads a failing store as a miss and survives a failed write', async () => {
    const broken = new Keyv({
      store: {
        get: () => Promise.reject(new Error('READONLY')),
        set: () => Promise.reject(new Error('READONLY')),
        delete: () => Promise.reject(new Error('READONLY')),
        clear: () => Promise.reject(new Error('READONLY')),
      },
    });
    const cache = keyvEnrichmentCache<CachedDiagnosis>(broken, 60_000);
    await expect(cache.set('k', ANSWER)).resolves.toBeUndefined();
    await expect(cache.get('k')).resolves.toBeUndefined();
  });

  it('answers misses while Redis is unreachable instead of failing enrich', async () => {
    const cache = createEnrichmentCache<CachedDiagnosis>(60_000, { redisUrl: `redis://127.0.0.1:${await freePort()}` })!;
    await expect(cache.set('k', ANSWER)).resolves.toBeUndefined();
    await expect(cache.get('k')).resolves.toBeUndefined();
  });
});
