import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const TS_NODE = ['-r', 'ts-node/register/transpile-only'];

/** The environment of a child process: the test's, without any database or port settings. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, PORT: _port, NODE_ENV: _env, ...rest } = process.env;
  // These tests are about the process and its database; OCR workers would only slow their start.
  return { ...rest, LOG_FORMAT: 'json', OCR_START_AT_BOOT: 'false', ...env };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the CLI and returns its process (to kill it midway) and its exit. */
export function startCli(args: string[], env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...TS_NODE, 'src/cli/main.ts', ...args], { cwd: ROOT, env: childEnv(env) });
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null)))) };
}

/** Runs the CLI to completion and returns its exit code and output. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TS_NODE, 'src/cli/main.ts', ...args], { cwd: ROOT, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` as a real process and waits until /health answers 200 (or it exits). */
export async function startService(env: Record<string, string>, timeoutMs = 60_000): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...TS_NODE, 'src/main.ts'], { cwd: ROOT, env: childEnv({ PORT: String(port), ...env }) });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const service: ServiceProcess = {
    child,
    baseUrl,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    try {
      if ((await fetch(`${baseUrl}/health`)).status === 200) return service;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!done) await service.stop();
  throw Object.assign(new Error(`Service did not become healthy:\n${output}`), { service });
}
