import { randomUUID } from 'node:crypto';
import { DynamicModule, Injectable, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AssetIntelligenceModule, AssetIntelligenceModuleOptions, ClientAccessModule, WorkOrderModule, WorkOrderModuleOptions } from '../../src';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { expectErrorShape } from '../support/error-shape';
import { companyOfRequest, HOST_SESSIONS, HostSettings, HostSettingsModule, startHost } from './host-app';

const workOrderOptions = (settings: HostSettings): WorkOrderModuleOptions => ({
  limits: { jsonBodyBytes: settings.enrichBodyBytes },
});
const assetOptions = (settings: HostSettings): AssetIntelligenceModuleOptions => ({
  ocr: { workers: settings.ocrWorkers, startAtBoot: false },
});

@Injectable()
class MaintenanceOptions {
  constructor(private readonly settings: HostSettings) {}
  create(): WorkOrderModuleOptions {
    return workOrderOptions(this.settings);
  }
}

@Injectable()
class AssetOptions {
  constructor(private readonly settings: HostSettings) {}
  create(): AssetIntelligenceModuleOptions {
    return assetOptions(this.settings);
  }
}

/** The host's module that owns its option factories, for useExisting. */
@Module({ imports: [HostSettingsModule], providers: [MaintenanceOptions, AssetOptions], exports: [MaintenanceOptions, AssetOptions] })
class HostOptionsModule {}

interface Style {
  name: string;
  dataSource?: string;
  /** The prefix the host's RouterModule puts in front of the modules' routes. */
  routePrefix?: string;
  modules: () => DynamicModule[];
}

/** Client access is registered once; the host's authentication decides who is calling. */
const clientAccess = ClientAccessModule.forRoot({ resolveClient: companyOfRequest });

const styles: Style[] = [
  {
    name: 'forRoot, on a named data source, under a RouterModule prefix',
    dataSource: 'maintenance',
    routePrefix: 'maintenance',
    modules: () => [
      ClientAccessModule.forRoot({ resolveClient: companyOfRequest, dataSource: 'maintenance' }),
      WorkOrderModule.forRoot({ ...workOrderOptions(new HostSettings()), dataSource: 'maintenance' }),
      AssetIntelligenceModule.forRoot({ ...assetOptions(new HostSettings()), dataSource: 'maintenance' }),
      RouterModule.register([
        { path: 'maintenance', module: WorkOrderModule },
        { path: 'maintenance', module: AssetIntelligenceModule },
      ]),
    ],
  },
  {
    name: 'forRootAsync with useFactory',
    modules: () => [
      clientAccess,
      WorkOrderModule.forRootAsync({ imports: [HostSettingsModule], inject: [HostSettings], useFactory: workOrderOptions }),
      AssetIntelligenceModule.forRootAsync({ imports: [HostSettingsModule], inject: [HostSettings], useFactory: assetOptions }),
    ],
  },
  {
    name: 'forRootAsync with useClass',
    modules: () => [
      clientAccess,
      WorkOrderModule.forRootAsync({ imports: [HostSettingsModule], useClass: MaintenanceOptions }),
      AssetIntelligenceModule.forRootAsync({ imports: [HostSettingsModule], useClass: AssetOptions }),
    ],
  },
  {
    name: 'forRootAsync with useExisting',
    modules: () => [
      clientAccess,
      WorkOrderModule.forRootAsync({ imports: [HostOptionsModule], useExisting: MaintenanceOptions }),
      AssetIntelligenceModule.forRootAsync({ imports: [HostOptionsModule], useExisting: AssetOptions }),
    ],
  },
];

describe.each(styles)('a host application importing the modules: $name', (style) => {
  let app: NestExpressApplication;
  let db: DataSource;
  const run = randomUUID().slice(0, 8);
  const acme = `Acme Residential ${run}`;
  const birch = `Birch Street Homes ${run}`;
  const base = `/api/${style.routePrefix ? `${style.routePrefix}/` : ''}`;
  const as = (session: string) => ({ 'X-Session': session });

  beforeAll(async () => {
    HOST_SESSIONS[`alice-${run}`] = { user: 'alice', company: acme };
    HOST_SESSIONS[`bob-${run}`] = { user: 'bob', company: birch };
    app = await startHost(style.modules(), style.dataSource);
    db = app.get<DataSource>(getDataSourceToken(style.dataSource));
  });
  afterAll(() => app.close());

  it("lets the host's own authentication decide: no session is the host's 401, not the module's", async () => {
    const res = await request(app.getHttpServer()).post(`${base}work-order/enrich`).send({ issue_description: 'Kitchen sink leaking' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('host: sign in first');
  });

  it('serves enrich for the client the host resolved, from that client’s history only', async () => {
    const http = app.getHttpServer();
    const tickets = [1, 2, 3].map((i) => ({
      work_order_id: `ACME-${run}-${i}`,
      issue_description: 'Kitchen sink leaking under the cabinet',
      unit_id: 10 + i,
      work_order_status: 'Closed',
      ticket_open_date: 1748000000 + i * 86400 * 60,
      ticket_close_date: 1748090000 + i * 86400 * 60,
      resolution: 'Replaced the P-trap washer',
      actual_cost: 120,
      assigned_vendors: `Zephyr Plumbing ${run}`,
    }));
    const imported = await request(http)
      .post(`${base}work-order/import`)
      .set(as(`alice-${run}`))
      .set('Content-Type', 'application/x-ndjson')
      .send(tickets.map((t) => JSON.stringify(t)).join('\n'));
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ received: 3, inserted: 3, rejected: 0 });

    const forAcme = await request(http)
      .post(`${base}work-order/enrich`)
      .set(as(`alice-${run}`))
      .send({ issue_description: 'Water leaking under the kitchen sink', unit_id: 40 });
    expect(forAcme.status).toBe(200);
    expect(forAcme.body.top_3_diagnosis[0]).toMatchObject({ diagnosis: 'Leaking sink drain or P-trap', vendor: 'Plumber', trade: 'plumbing' });
    expect(forAcme.body.top_5_previous_fixes[0]).toMatchObject({ vendor: `Zephyr Plumbing ${run}`, average_cost: 120 });

    const forBirch = await request(http)
      .post(`${base}work-order/enrich`)
      .set(as(`bob-${run}`))
      .send({ issue_description: 'Water leaking under the kitchen sink', unit_id: 40 });
    expect(forBirch.status).toBe(200);
    expect(JSON.stringify(forBirch.body)).not.toContain('Zephyr');

    // Each company's rows, on the host's data source: three imported and one enriched for Acme, one enriched for Birch.
    const counts = await db.query(
      `SELECT c.name, count(w.id)::int AS n FROM clients c JOIN work_orders w ON w.client_id = c.id WHERE c.name = ANY($1) GROUP BY c.name ORDER BY c.name`,
      [[acme, birch]],
    );
    expect(counts).toEqual([
      { name: acme, n: 4 },
      { name: birch, n: 1 },
    ]);
  });

  it("leaves the host's own routes alone: no validation, error shape or client resolution of the modules", async () => {
    const http = app.getHttpServer();
    const echoed = await request(http)
      .post('/api/host/echo')
      .set(as(`alice-${run}`))
      .send({ anything: ['goes', 1], issue_description: 5 });
    expect(echoed.status).toBe(201);
    expect(echoed.body).toEqual({ anything: ['goes', 1], issue_description: 5 });
    const missing = await request(http)
      .get('/api/host/missing')
      .set(as(`alice-${run}`));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'host: no such thing', error: 'Not Found' });
  });

  it("applies the module's validation and error shape on its own routes", async () => {
    const res = await request(app.getHttpServer())
      .post(`${base}work-order/enrich`)
      .set(as(`alice-${run}`))
      .send({ unit_id: 'four' });
    expectErrorShape(res, 400, 'VALIDATION_FAILED');
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['issue_description', 'unit_id']));
  });

  it('serves analyze and analyze-nameplate', async () => {
    const http = app.getHttpServer();
    const analyzed = await request(http)
      .post(`${base}asset-intelligence/analyze`)
      .query({ model_number: '24ACC636A003', brand_name: 'carrier', serial_number: '1014E12345' })
      .set(as(`bob-${run}`));
    expect(analyzed.status).toBe(200);
    expect(analyzed.body).toMatchObject({ brand: 'Carrier', model_number: '24ACC636A003', manufacture_date: { year: 2014 } });

    const photo = await renderNameplate('water-heater', SAMPLE_NAMEPLATES['water-heater'], { format: 'png' });
    const read = await request(http)
      .post(`${base}asset-intelligence/analyze-nameplate`)
      .set(as(`bob-${run}`))
      .attach('photo', photo, 'plate.png');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ brand: 'Rheem', model_number: SAMPLE_NAMEPLATES['water-heater'].model });

    const stored = await db.query(`SELECT count(*)::int AS n FROM assets a JOIN clients c ON c.id = a.client_id WHERE c.name = $1`, [birch]);
    expect(stored[0].n).toBe(2);
  });
});
