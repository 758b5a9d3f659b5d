/**
 * Writes the enrich answers to N distinct bench descriptions (every other one with a unit or a
 * property, as `npm run bench` sends them), one line per request: the request, the status and
 * the body exactly as sent. For checking that a performance change leaves every answer
 * byte-identical: run it on both commits against the same bench database and compare the files.
 *   node -r ts-node/register/transpile-only scripts/bench-answers.ts OUT [count] [rows]
 * The clock is fixed (recency weighs in the similarity), and the client's part counts are read
 * before the first request. Every enrich records its request, so the first run over a set of
 * descriptions changes the history the next one sees: compare the second run of each side.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

const FIXED_NOW = Date.parse('2026-11-27T06:00:00Z');
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FIXED_NOW);
    else super(...(args as [number]));
  }
  static override now(): number {
    return FIXED_NOW;
  }
}
globalThis.Date = FixedDate as DateConstructor;

async function main(): Promise<void> {
  // Loaded after the clock is fixed, so every module sees the fixed one.
  const { AppModule } = await import('../src/app.module');
  const { configureApp } = await import('../src/app.setup');
  const { ApiTokenService } = await import('../src/auth/api-token.service');
  const { loadAppConfig } = await import('../src/config/app-config');
  const { FixFrequencyRepository } = await import('../src/work-order/fixes/fix-frequency.repository');
  const { benchTexts, pick } = await import('./bench/real-text');
  const [out, countArg, rowsArg] = process.argv.slice(2);
  if (!out) throw new Error('usage: bench-answers.ts OUT [count] [rows]');
  const count = Number(countArg ?? 600);
  const rows = Number(rowsArg ?? 1_000_000);
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', PORT: '0' });
  if (!config.database.url) throw new Error('set DATABASE_URL to a seeded bench database');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database: { url: config.database.url } }), {
    bodyParser: false,
    logger: false,
  });
  await configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/work-order/enrich`;
  const tokens = app.get(ApiTokenService);
  const { token, summary } = await tokens.createToken(`bench-${rows}-0`);
  const client = await tokens.clientByName(summary.client);
  const counts = app.get(FixFrequencyRepository);
  for (let i = 0; i < 300 && (await counts.partCounts(client.id)).byTrade.size === 0; i++) await new Promise((r) => setTimeout(r, 200));
  const bodies = pick(
    benchTexts().texts.map((t) => t.description),
    count,
    11,
  ).map((issue_description, i) => {
    const property = 1000 + ((i * 7) % 40);
    if (i % 4 === 1) return { issue_description, unit_id: property * 1000 + (i % 12) };
    if (i % 4 === 3) return { issue_description, property_id: property };
    return { issue_description };
  });
  const lines: string[] = [];
  for (const body of bodies) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    lines.push(`${JSON.stringify(body)}\t${res.status}\t${await res.text()}`);
  }
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} answers written to ${out}; ${lines.filter((l) => !l.includes('\t200\t')).length} not 200`);
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
