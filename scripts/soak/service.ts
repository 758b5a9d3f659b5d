import { ChildProcess, execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort } from '../../test/support/processes';

const ROOT = path.resolve(__dirname, '../..');

/** RSS and V8 heap of the service, in bytes. */
export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Event-loop delay since the previous sample: a blocked loop delays every request. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Share of the time since the previous sample the service's main thread was busy (0-1). */
  loopUtilization: number;
}

export interface SoakService {
  baseUrl: string;
  pid: number;
  /** Asks the service for its memory, after a full GC when `gc` is true. */
  memory(gc: boolean): Promise<MemorySample>;
  /** CPU seconds (user + system) the service has used so far, read from /proc. */
  cpuSeconds(): number;
  alive(): boolean;
  stop(): Promise<number | null>;
}

function clockTicks(): number {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * Starts src/main.ts as its own process (so its memory and CPU are the service's alone), with
 * the memory probe preloaded, logs to `logFile`, and waits for /health to answer 200.
 */
export async function startSoakService(env: Record<string, string>, logFile: string, timeoutMs = 120_000): Promise<SoakService> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const { PORT: _port, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '-r', 'ts-node/register/transpile-only', '-r', './scripts/soak/memory-probe.ts', 'src/main.ts'],
    { cwd: ROOT, env: { ...inherited, PORT: String(port), ...env }, stdio: ['ignore', log, log, 'ipc'] },
  );
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ticks = clockTicks();
  let nextId = 0;
  const waiting = new Map<number, (sample: MemorySample) => void>();
  child.on('message', (message: MemorySample & { type: string; id: number }) => {
    if (message?.type === 'memory') waiting.get(message.id)?.(message);
  });

  const service: SoakService = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    memory(gc) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => (waiting.delete(id), reject(new Error('the service did not report its memory'))), 10_000);
        waiting.set(id, (sample) => (clearTimeout(timer), waiting.delete(id), resolve(sample)));
        child.send({ type: 'memory', id, gc });
      });
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat, counted after the parenthesised command name.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (service.alive()) child.kill('SIGTERM');
      return exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && service.alive()) {
    try {
      if ((await fetch(`${service.baseUrl}/health`)).status === 200) return service;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await service.stop();
  throw new Error(`The service did not become healthy; see ${logFile}`);
}
