import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { ApiTokenEntity } from '../../src/auth/api-token.entity';
import { ClientEntity } from '../../src/auth/client.entity';
import { lastLine, runCli, startCli } from '../support/processes';
import { openTestDataSource } from '../support/test-database';

/**
 * A CLI import killed midway (SIGKILL, no chance to clean up) and run again: every row ends up
 * stored once, and the counts of the second run add up exactly.
 */
describe('CLI import killed midway', () => {
  let ds: DataSource;
  let dir: string;
  beforeAll(async () => {
    ds = await openTestDataSource();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-killed-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await ds.destroy();
  });

  it('completes on a second run with exact counts', async () => {
    const tokens = new ApiTokenService(ds.getRepository(ApiTokenEntity), ds.getRepository(ClientEntity));
    const { summary } = await tokens.createToken(`killed-import-${process.pid}`);
    const client = await tokens.clientByName(summary.client);
    const total = 12_000;
    const file = path.join(dir, 'history.ndjson');
    const notes = ['replaced flapper', 'cleared drain line', 'reset breaker, tightened lugs', 'new thermostat installed'];
    fs.writeFileSync(
      file,
      Array.from({ length: total }, (_, i) =>
        JSON.stringify({
          work_order_id: `K-${i}`,
          issue_description: `Unit ${i % 300}: ${['toilet runs', 'sink drains slowly', 'outlet dead', 'no heat'][i % 4]} (request ${i})`,
          work_order_status: 'Completed',
          closing_description: notes[i % 4],
        }),
      ).join('\n') + '\n',
    );
    const env = { DATABASE_URL: process.env.DATABASE_URL! };
    const count = async () => Number((await ds.query('SELECT count(*)::int AS n FROM work_orders WHERE client_id = $1', [client.id]))[0].n);

    const first = startCli(['import', file, '--client', client.name], env);
    let stored = 0;
    for (let waited = 0; waited < 120_000 && stored === 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await count();
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const kept = await count();

    const again = await runCli(['import', file, '--client', client.name], env);
    const result = JSON.parse(lastLine(again.stdout)) as Record<string, number>;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(total);
    expect(again.code).toBe(0);
    expect(result.received).toBe(total);
    expect(result.rejected).toBe(0);
    expect(result.inserted).toBe(total - kept);
    expect(result.unchanged).toBe(kept);
    expect(await count()).toBe(total);
  }, 240_000);
});
