import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { MIGRATIONS } from '../../src/schema';
import { companyOfRequest, HOST_SESSIONS, startHost } from './host-app';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm pack` (which builds first) produces a package a host can install: it is unpacked next to
 * this repository's node_modules, loaded by its package.json entry point, and served by a host.
 */
describe('the npm package', () => {
  let dir: string;
  let files: string[];
  let pkg: typeof import('../../src');
  let app: NestExpressApplication;
  const session = `dan-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-pack-'));
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    files = packed.files.map((f: { path: string }) => f.path);
    execFileSync('tar', ['-xzf', path.join(dir, packed.filename), '-C', dir]);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'package', 'node_modules'), 'dir');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package', 'package.json'), 'utf8'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the packed tarball's build, as a CommonJS host would
    pkg = require(path.join(dir, 'package', manifest.exports['.'].default));
    HOST_SESSIONS[session] = { user: 'dan', company: `Dogwood Lofts ${session}` };
    app = await startHost([
      pkg.ClientAccessModule.forRoot({ resolveClient: companyOfRequest }),
      pkg.WorkOrderModule.forRoot({}),
      pkg.AssetIntelligenceModule.forRoot({ ocr: { startAtBoot: false, workers: 1 } }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the compiled entry point, its types, the knowledge data and the migrations, and no tests', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/knowledge/data/problems/plumbing.json',
        'dist/database/migrations/index.js',
      ]),
    );
    const sourceData = fs.readdirSync(path.join(ROOT, 'src/knowledge/data/problems'));
    expect(
      files
        .filter((f) => f.startsWith('dist/knowledge/data/problems/'))
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(sourceData.sort());
    expect(files.filter((f) => /\.spec\.|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('exports the modules, the port, the DTOs and the migrations', () => {
    expect(Object.keys(pkg)).toEqual(
      expect.arrayContaining([
        'ClientAccessModule',
        'WorkOrderModule',
        'AssetIntelligenceModule',
        'KnownAssetLookup',
        'CLIENT_THROTTLER_STORAGE',
        'LlmModule',
        'LlmPort',
        'EnrichWorkOrderDto',
        'AssetProfileDto',
        'MIGRATIONS',
        'ENTITIES',
      ]),
    );
    // Every migration of the source tree is in the package, in order.
    expect(pkg.MIGRATIONS.map((m: { name: string }) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('serves enrich and analyze from the installed package', async () => {
    const http = app.getHttpServer();
    const enriched = await request(http)
      .post('/api/work-order/enrich')
      .set('X-Session', session)
      .send({ issue_description: 'No heat in the apartment, furnace not starting' });
    expect(enriched.status).toBe(200);
    expect(enriched.body.top_3_diagnosis[0]).toMatchObject({ vendor: 'HVAC technician', trade: 'hvac-heating' });
    const analyzed = await request(http)
      .post('/api/asset-intelligence/analyze')
      .set('X-Session', session)
      .query({ model_number: '24ACC636A003', brand_name: 'Carrier', serial_number: '1014E12345' });
    expect(analyzed.status).toBe(200);
    expect(analyzed.body).toMatchObject({ brand: 'Carrier', manufacture_date: { year: 2014 } });
  });
});
