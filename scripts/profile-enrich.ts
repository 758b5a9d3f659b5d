/**
 * Profiling aid (not a benchmark): runs WorkOrderService.enrich in this process for N distinct
 * descriptions of the bench texts against DATABASE_URL's bench client (after `warmup` others),
 * and prints the Node CPU and the bytes allocated per request, so `node --cpu-prof` shows where
 * the service's own CPU goes. Compare CPU time, not wall time, on a shared machine.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof -r ts-node/register/transpile-only scripts/profile-enrich.ts [count] [rows] [warmup]
 * Every enrich records its request, so the first run over a set of descriptions adds them to the
 * client's history; later runs over the same set see the same history.
 */
import 'reflect-metadata';
import { Session } from 'node:inspector/promises';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';
import { ApiTokenService } from '../src/auth/api-token.service';
import { loadAppConfig } from '../src/config/app-config';
import { WorkOrderService } from '../src/work-order/work-order.service';
import { benchTexts, pick } from './bench/real-text';

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}
const sampledBytes = (node: SamplingNode): number => node.children.reduce((sum, child) => sum + sampledBytes(child), node.selfSize);

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 600);
  const rows = Number(process.argv[3] ?? 1_000_000);
  const warmup = Number(process.argv[4] ?? 300);
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', PORT: '0' });
  if (!config.database.url) throw new Error('set DATABASE_URL to a seeded bench database');
  const app = await NestFactory.create(AppModule.forRoot({ config, database: { url: config.database.url } }), { logger: false });
  await app.init();
  const tokens = app.get(ApiTokenService);
  const client = await tokens.clientByName(`bench-${rows}-0`);
  const service = app.get(WorkOrderService);
  const descriptions = pick(
    benchTexts().texts.map((t) => t.description),
    count + warmup,
    11,
  );
  const enrich = (issue_description: string) => service.enrich({ clientId: client.id } as never, { issue_description } as never);
  for (const text of descriptions.slice(count)) await enrich(text);
  // Every allocation counts, also those the collector has freed by the end (sampled every 4 KB).
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const started = process.cpuUsage();
  const wall = Date.now();
  for (const text of descriptions.slice(0, count)) await enrich(text);
  const cpu = process.cpuUsage(started);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  console.log(
    `${count} enrich: ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms CPU, ${(sampledBytes(profile.head as SamplingNode) / count / 1024).toFixed(0)} KB allocated and ${((Date.now() - wall) / count).toFixed(1)} ms wall per request`,
  );
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
