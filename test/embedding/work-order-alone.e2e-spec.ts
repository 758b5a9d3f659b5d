import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ClientAccessModule, KnownAssetLookup, KnownAssetRecord, WorkOrderModule } from '../../src';
import { companyOfRequest, HOST_SESSIONS, startHost } from './host-app';

const ENRICH = '/api/work-order/enrich';
/** A work order naming an asset by its model number. */
const WORK_ORDER = { issue_description: 'AC not cooling, blowing warm air', asset: 'Carrier condenser model 24ACC636A003' };

/** A host's own asset registry, implementing the port instead of AssetIntelligenceModule. */
class HostAssetRegistry extends KnownAssetLookup {
  readonly asked: string[][] = [];
  async findByIdentifiers(_clientId: string, identifiers: string[]): Promise<KnownAssetRecord | null> {
    this.asked.push(identifiers);
    if (!identifiers.includes('24ACC636A003')) return null;
    return {
      brand: 'Carrier',
      modelNumber: '24ACC636A003',
      serialNumber: null,
      equipmentType: 'condenser',
      manufactureYear: 2010,
      manufactureMonth: 1,
      typicalLifeYears: 15,
    };
  }
}

describe('WorkOrderModule without AssetIntelligenceModule', () => {
  let app: NestExpressApplication;
  const session = `fay-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    HOST_SESSIONS[session] = { user: 'fay', company: `Fir Court ${session}` };
    app = await startHost([ClientAccessModule.forRoot({ resolveClient: companyOfRequest }), WorkOrderModule.forRoot({})]);
  });
  afterAll(() => app?.close());

  it('enriches work orders, with no asset-age insight since nothing looks assets up', async () => {
    const res = await request(app.getHttpServer()).post(ENRICH).set('X-Session', session).send(WORK_ORDER);
    expect(res.status).toBe(200);
    expect(res.body.top_3_diagnosis.length).toBeGreaterThan(0);
    expect(res.body.manual_insights.join(' ')).not.toMatch(/years old/);
    // No asset-intelligence routes are served.
    expect((await request(app.getHttpServer()).post('/api/asset-intelligence/analyze').set('X-Session', session)).status).toBe(404);
  });
});

describe("WorkOrderModule with the host's own KnownAssetLookup", () => {
  const registry = new HostAssetRegistry();
  let app: NestExpressApplication;
  const session = `gus-${randomUUID().slice(0, 8)}`;

  @Module({ providers: [{ provide: KnownAssetLookup, useValue: registry }], exports: [KnownAssetLookup] })
  class HostAssetsModule {}

  beforeAll(async () => {
    HOST_SESSIONS[session] = { user: 'gus', company: `Gum Tree ${session}` };
    app = await startHost([
      ClientAccessModule.forRoot({ resolveClient: companyOfRequest }),
      WorkOrderModule.forRoot({}),
      // Global, as AssetIntelligenceModule provides it: WorkOrderModule finds the port wherever it is registered.
      { module: HostAssetsModule, global: true },
    ]);
  });
  afterAll(() => app?.close());

  it('uses it for the asset-age insight', async () => {
    const res = await request(app.getHttpServer()).post(ENRICH).set('X-Session', session).send(WORK_ORDER);
    expect(res.status).toBe(200);
    expect(res.body.manual_insights.join(' ')).toMatch(/condenser \(Carrier 24ACC636A003\) is about 1\d\.\d years old/);
    expect(registry.asked.some((ids) => ids.includes('24ACC636A003'))).toBe(true);
  });
});

describe('a product module without ClientAccessModule', () => {
  it('fails at start, naming what to register', async () => {
    await expect(startHost([WorkOrderModule.forRoot({})])).rejects.toThrow(
      /WorkOrderModule needs ClientAccessModule: register ClientAccessModule\.forRoot\(\)/,
    );
  });
});
