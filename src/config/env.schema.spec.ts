import * as os from 'node:os';
import { loadAppConfig } from './app-config';

describe('environment validation', () => {
  it('applies documented defaults to an empty environment', () => {
    const config = loadAppConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/\/data$/);
    // Feature defaults belong to the modules (src/app.module.spec.ts checks what they resolve to).
    expect(config.http.uploadMaxBytes).toBeUndefined();
    expect(config.rateLimit.max).toBeGreaterThan(0);
  });

  it('turns rate limiting and logs off by default in tests', () => {
    const config = loadAppConfig({ NODE_ENV: 'test' });
    expect(config.rateLimit.max).toBe(0);
    expect(config.log.level).toBe('silent');
  });

  it('parses numbers and keeps a database URL', () => {
    const config = loadAppConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/wo', RATE_LIMIT_MAX: '0' });
    expect(config.port).toBe(8080);
    expect(config.database.url).toBe('postgres://u:p@db:5432/wo');
    expect(config.database.poolSize).toBe(10);
    expect(config.rateLimit.max).toBe(0);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['REDIS_URL', 'localhost:6379'],
    ['DATABASE_REPLICA_URLS', 'replica1:5432/wo'],
    ['DATABASE_REPLICA_URLS', 'postgres://r1/wo,mysql://r2/wo'],
    ['SERVICE_PROCESSES', '0'],
    ['SERVICE_PROCESSES', 'two'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}=`));
  });

  it('reads the replicas of a real server and the shared Redis', () => {
    const config = loadAppConfig({
      DATABASE_URL: 'postgres://u:p@primary:5432/wo',
      DATABASE_REPLICA_URLS: 'postgres://u:p@replica1:5432/wo, postgresql://u:p@replica2:5432/wo',
      REDIS_URL: 'redis://cache:6379/0',
    });
    expect(config.database.replicaUrls).toEqual(['postgres://u:p@replica1:5432/wo', 'postgresql://u:p@replica2:5432/wo']);
    expect(config.redisUrl).toBe('redis://cache:6379/0');
  });

  it('has no replicas and no Redis unless told, and ignores replicas with the embedded database', () => {
    expect(loadAppConfig({ DATABASE_URL: 'postgres://u:p@primary:5432/wo' }).database.replicaUrls).toEqual([]);
    expect(loadAppConfig({ DATABASE_URL: 'postgres://u:p@primary:5432/wo' }).redisUrl).toBeUndefined();
    expect(loadAppConfig({ DATABASE_REPLICA_URLS: 'postgres://u:p@replica1:5432/wo' }).database.replicaUrls).toEqual([]);
  });

  it('serves from one process unless told, and from several only with a PostgreSQL server', () => {
    expect(loadAppConfig({}).processes).toBe(1);
    const two = loadAppConfig({ DATABASE_URL: 'postgres://u:p@primary:5432/wo', SERVICE_PROCESSES: '2' });
    expect(two.processes).toBe(2);
    // The cores are shared: each process gets its share of OCR workers unless told.
    expect(two.ocr.workers).toBe(Math.max(1, Math.floor(os.availableParallelism() / 2)));
    expect(loadAppConfig({}).ocr.workers).toBeUndefined();
    expect(() => loadAppConfig({ SERVICE_PROCESSES: '2' })).toThrow(/SERVICE_PROCESSES=2: more than one process needs DATABASE_URL/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadAppConfig({ PORT: 'x', DB_POOL_SIZE: '0' })).toThrow(/PORT=[\s\S]*DB_POOL_SIZE=|DB_POOL_SIZE=[\s\S]*PORT=/);
  });
});

describe('empty variables', () => {
  it('treat an empty value as unset, as a copied .env.example has them', () => {
    const config = loadAppConfig({ DATABASE_URL: '', DB_POOL_SIZE: '', PORT: ' ' });
    expect(config.database.url).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});
