/**
 * Profiling aid (not a benchmark): runs WorkOrderService.enrich in this process for N distinct
 * descriptions of the bench texts against DATABASE_URL's bench client, so `node --cpu-prof`
 * shows where the service's own CPU goes per request.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof -r ts-node/register/transpile-only scripts/profile-enrich.ts [count] [rows]
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';
import { ApiTokenService } from '../src/auth/api-token.service';
import { loadAppConfig } from '../src/config/app-config';
import { WorkOrderService } from '../src/work-order/work-order.service';
import { benchTexts, pick } from './bench/real-text';

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 300);
  const rows = Number(process.argv[3] ?? 1_000_000);
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', PORT: '0' });
  if (!config.database.url) throw new Error('set DATABASE_URL to a seeded bench database');
  const app = await NestFactory.create(AppModule.forRoot({ config, database: { url: config.database.url } }), { logger: false });
  await app.init();
  const tokens = app.get(ApiTokenService);
  const client = await tokens.clientByName(`bench-${rows}-0`);
  const service = app.get(WorkOrderService);
  const descriptions = pick(
    benchTexts().texts.map((t) => t.description),
    count,
    11,
  );
  const started = process.cpuUsage();
  const wall = Date.now();
  for (const issue_description of descriptions) await service.enrich({ clientId: client.id } as never, { issue_description } as never);
  const cpu = process.cpuUsage(started);
  console.log(
    `${count} enrich: ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms CPU and ${((Date.now() - wall) / count).toFixed(1)} ms wall per request`,
  );
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
