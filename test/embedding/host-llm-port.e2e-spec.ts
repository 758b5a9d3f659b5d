import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ClientAccessModule, LlmModule, LlmPort, StructuredGenerationRequest, StructuredGenerationResult, WorkOrderModule } from '../../src';
import { companyOfRequest, HOST_SESSIONS, startHost } from './host-app';

/** The host's own model gateway, implementing the port instead of using the built-in adapters. */
class HostModelGateway extends LlmPort {
  readonly provider = 'host-gateway';
  readonly enabled = true;
  readonly requests: StructuredGenerationRequest[] = [];

  async generateStructured<T>(req: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>> {
    this.requests.push(req);
    const data = {
      diagnoses: [
        {
          diagnosis: 'Worn toilet flapper',
          assessment: 'The flapper no longer seals, so the tank keeps refilling.',
          likelihood: 0.8,
          vendor: 'plumbing',
          severity: 'low',
          resolution_steps: ['Shut the supply valve', 'Replace the flapper', 'Test the seal with dye'],
          parts: [{ name: 'Universal flapper', price: '$12.00' }],
          asset_specs: [],
          pricing: { labor_cost_per_hour: '$100.00', time: '0.5 hours', total_parts: '$12.00', total_labor: '$50.00', total: '$62.00' },
        },
      ],
      insights: ['Running toilets waste water; fix within the week.'],
    };
    return { data: data as T, usage: { inputTokens: 10, outputTokens: 10 }, provider: this.provider, model: 'gateway-1' };
  }
}

describe('a host-supplied LlmPort', () => {
  const gateway = new HostModelGateway();
  const session = `carol-${randomUUID().slice(0, 8)}`;
  let app: NestExpressApplication;

  beforeAll(async () => {
    HOST_SESSIONS[session] = { user: 'carol', company: `Cedar Court ${session}` };
    // One LlmModule shared by reference: the host's port, injected into the module's options.
    const llm = LlmModule.forRootAsync({ useFactory: () => ({ port: gateway }) });
    app = await startHost([
      ClientAccessModule.forRoot({ resolveClient: companyOfRequest }),
      WorkOrderModule.forRootAsync({ imports: [llm], inject: [LlmPort], useFactory: (port: LlmPort) => ({ llm: { port } }) }),
    ]);
  });
  afterAll(() => app.close());

  it('is the model the diagnoses come from', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/work-order/enrich')
      .set('X-Session', session)
      .send({ issue_description: 'Toilet keeps running all night in unit 3' });
    expect(res.status).toBe(200);
    expect(res.headers['x-diagnosis-source']).toBe('host-gateway');
    expect(res.body.top_3_diagnosis[0]).toMatchObject({
      diagnosis: 'Worn toilet flapper',
      vendor: 'Plumber',
      trade: 'plumbing',
      severity: 'low',
      parts: ['Universal flapper ($12.00)'],
    });
    // Pricing is recomputed from labor and parts, whatever the model said.
    expect(res.body.top_3_diagnosis[0].pricing).toMatchObject({ total_parts: '$12.00' });
    expect(res.body.manual_insights).toContain('Running toilets waste water; fix within the week.');
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0].userContent).toContain('Toilet keeps running all night');
  });
});
