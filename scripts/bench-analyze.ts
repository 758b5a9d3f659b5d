/**
 * Asset analysis benchmark (a script, not a test): POST /asset-intelligence/analyze without a
 * model, over loopback with autocannon, plus the profile builder alone. Writes
 * bench-results/analyze.json.   npm run bench:analyze -- [--duration 15] [--connections 4]
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { buildAssetProfile } from '../src/asset-intelligence/decoders/asset-profile.builder';
import { ApiTokenService } from '../src/auth/api-token.service';
import { loadAppConfig } from '../src/config/app-config';
import type { DatabaseTarget } from '../src/database/data-source-options';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { SAMPLE_ASSETS } from './sample-assets';
import { loadAssetKnowledge } from '../src/asset-intelligence/knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

const arg = (name: string, fallback: number) => (process.argv.includes(`--${name}`) ? Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) : fallback);
const DURATION = arg('duration', 15);
const CONNECTIONS = arg('connections', 4);

const ASSETS = SAMPLE_ASSETS;

async function main(): Promise<void> {
  // The builder alone.
  const times: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const [brand, model, serial] = ASSETS[i % ASSETS.length];
    const t = process.hrtime.bigint();
    buildAssetProfile(knowledge, { brand, model, serial });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const builder = { p50_ms: times[times.length >> 1], p99_ms: times[Math.floor(times.length * 0.99)] };

  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test' });
  let database: DatabaseTarget;
  let stop = async () => undefined as void;
  if (config.database.url) database = { url: config.database.url };
  else {
    const embedded = await startEmbeddedPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'woi-bench-')), 'service');
    database = { socket: embedded.connection };
    stop = () => embedded.stop();
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database }), { bodyParser: false, logger: false });
  await configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  const { token } = await app.get(ApiTokenService).createToken(`bench-analyze-${Date.now()}`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: ASSETS.map(([brand, model, serial]) => ({
      method: 'POST',
      path: `/asset-intelligence/analyze?brand_name=${encodeURIComponent(brand)}&model_number=${model}&serial_number=${serial}`,
      headers: { authorization: `Bearer ${token}` },
    })),
  });
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}`,
    database: config.database.url ? 'PostgreSQL server' : 'embedded PGlite',
    builder,
    http: { connections: CONNECTIONS, p50_ms: result.latency.p50, p99_ms: result.latency.p99, requests_per_s: result.requests.average, non_2xx: result.non2xx },
  };
  console.table({
    'profile builder': { p50_ms: builder.p50_ms.toFixed(3), p99_ms: builder.p99_ms.toFixed(3), 'req/s': '' },
    [`analyze over HTTP (${CONNECTIONS} conn)`]: { p50_ms: result.latency.p50, p99_ms: result.latency.p99, 'req/s': result.requests.average },
  });
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/analyze.json', JSON.stringify(report, null, 2));
  await app.close();
  await stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
