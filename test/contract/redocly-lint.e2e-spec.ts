import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The live /docs-json passes `redocly lint` with the recommended ruleset: no errors. Warnings are
 * printed, not failed on. The CLI runs from node_modules with telemetry and its update check off,
 * so linting never reaches the network.
 */
const REDOCLY_CLI = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const REDOCLY_OFFLINE_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

function lint(file: string): LintReport {
  const run = spawnSync(process.execPath, [REDOCLY_CLI, 'lint', '--extends', 'recommended', '--format', 'json', file], {
    cwd: path.dirname(file),
    env: { ...process.env, ...REDOCLY_OFFLINE_ENV },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  if (!json) throw new Error(`redocly printed no report (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(json) as LintReport;
}

const summary = (report: LintReport, severity: 'error' | 'warn') =>
  report.problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe('redocly lint (recommended rules) of /docs-json', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-contract-redocly-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports no errors', async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify((await request(t.http).get('/docs-json')).body, null, 2));
    const report = lint(file);
    if (report.totals.warnings > 0) console.log(`redocly warnings on /docs-json:\n  ${summary(report, 'warn').join('\n  ')}`);
    expect(summary(report, 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  // The check above is only worth something if the linter really lints what it is given.
  it('reports errors on a document that breaks the recommended rules', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'x', version: '1' },
        servers: [],
        paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
      }),
    );
    const report = lint(file);
    expect(summary(report, 'error').map((e) => e.split(' ')[0])).toEqual(expect.arrayContaining(['no-empty-servers', 'security-defined']));
  });
});
