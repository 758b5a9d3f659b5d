import * as fs from 'node:fs';
import { lastLine, runCli, ServiceProcess, startService } from '../support/processes';

/** The pids of a process's children (its service processes), from Linux's /proc. */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(' ').map(Number);
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) if (check()) return true;
  return check();
}

/** The pids of the processes that logged a line matching `pattern` (the service logs JSON lines with their pid). */
function pidsLogging(output: string, pattern: RegExp): Set<number> {
  const pids = output
    .split('\n')
    .filter((l) => pattern.test(l))
    .map((l) => Number(/"pid":(\d+)/.exec(l)?.[1]));
  return new Set(pids.filter((pid) => pid > 0));
}

/** The value of one series of a Prometheus text exposition (0 when absent). */
function series(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/**
 * SERVICE_PROCESSES=2 as an operator runs it: `src/main.ts` on a PostgreSQL database (the test
 * database), two processes serving one port, metrics summed over both, a killed process
 * replaced, SIGTERM stopping them all.
 */
describe('several service processes on one port', () => {
  const env = () => ({ DATABASE_URL: process.env.DATABASE_URL!, SERVICE_PROCESSES: '2', RATE_LIMIT_MAX: '0' });
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });

  it('serves from both processes, counts their requests together, replaces a killed one and stops on SIGTERM', async () => {
    const created = await runCli(['token', 'create', '--client', 'processes-e2e'], { DATABASE_URL: process.env.DATABASE_URL! });
    expect(created.code).toBe(0);
    const token = lastLine(created.stdout);

    service = await startService(env(), 120_000);
    const primary = service.child.pid!;
    // The second process starts once the first listens (so migrations run once).
    const listening = () => pidsLogging(service!.output(), /Listening on port/);
    expect(await waitFor(() => listening().size === 2, 120_000)).toBe(true);
    expect([...listening()].sort()).toEqual(childrenOf(primary).sort());
    const scrape = async () => (await fetch(`${service!.baseUrl}/metrics`, { headers: { connection: 'close' } })).text();
    const enrichCount = (text: string) =>
      series(text, 'woi_http_request_duration_seconds_count', { route: '/work-order/enrich', method: 'POST', status: '200' });
    const before = enrichCount(await scrape());

    // A new connection per request: node:cluster hands connections to the processes in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${service.baseUrl}/work-order/enrich`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, connection: 'close' },
        body: JSON.stringify({ issue_description: `Bathroom faucet dripping, request ${i}` }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual(Array(8).fill(200));
    expect(pidsLogging(service.output(), /"url":"\/work-order\/enrich".*"statusCode":200/).size).toBe(2);
    // Each scrape, whichever process answers it, counts the requests of both.
    expect(enrichCount(await scrape()) - before).toBe(8);
    expect(enrichCount(await scrape()) - before).toBe(8);

    const [killed] = childrenOf(primary);
    process.kill(killed, 'SIGKILL');
    // The other process goes on serving while the replacement starts.
    const meanwhile = await fetch(`${service.baseUrl}/health`);
    expect(meanwhile.status).toBe(200);
    expect(await waitFor(() => listening().size === 3, 120_000)).toBe(true);
    expect(childrenOf(primary)).toHaveLength(2);
    expect(childrenOf(primary)).not.toContain(killed);
    const after = await fetch(`${service.baseUrl}/work-order/enrich`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ issue_description: 'Kitchen sink clogged' }),
    });
    expect(after.status).toBe(200);

    const workers = childrenOf(primary);
    expect(await service.stop()).toBe(0);
    service = undefined;
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 240_000);

  it('refuses more than one process on the embedded database, naming the setting', async () => {
    await expect(startService({ SERVICE_PROCESSES: '2', DATA_DIR: fs.mkdtempSync('/tmp/woi-processes-') }, 60_000)).rejects.toThrow(
      /SERVICE_PROCESSES=2: more than one process needs DATABASE_URL/,
    );
  });
});
