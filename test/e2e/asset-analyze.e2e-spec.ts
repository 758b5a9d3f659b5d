import request from 'supertest';
import { DataSource } from 'typeorm';
import { createFakeOpenAi } from '../fakes/fake-openai.server';
import type { FakeLlmServer } from '../fakes/fake-llm-server';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';

const yearsSince = (year: number, month: number) => (Date.now() - Date.UTC(year, month - 1, 15)) / (365.25 * 86_400_000);

describe('POST /asset-intelligence/analyze, offline', () => {
  let t: TestApp;
  let ds: DataSource;
  let auth: string;
  let client: string;
  beforeAll(async () => {
    t = await createTestApp();
    ds = await openTestDataSource();
    const created = await t.newClientToken('assets');
    auth = `Bearer ${created.token}`;
    client = created.client;
  });
  afterAll(async () => {
    await ds.destroy();
    await t.close();
  });

  const analyze = (query: Record<string, string>) => request(t.http).post('/asset-intelligence/analyze').query(query).set('Authorization', auth);

  it('decodes a Carrier condenser: 3 tons, week 10 of 2014, with age and remaining life', async () => {
    const res = await analyze({ brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' });
    expect(res.status).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({ brand: 'Carrier', manufacturer: 'Carrier Global', equipment_type: 'split-system AC condenser', category: 'HVAC' });
    expect(p.manufacture_date).toMatchObject({ year: 2014, week: 10, month: 3 });
    expect(p.manufacture_date.confidence).toBeGreaterThanOrEqual(0.8);
    expect(p.specs).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'capacity_tons', value: '3', source: 'decoded' })]));
    expect(p.age_years).toBeCloseTo(yearsSince(2014, 3), 0);
    expect(p.expected_lifespan.typical_years).toBeGreaterThan(0);
    expect(p.remaining_life_years).toBeCloseTo(p.expected_lifespan.typical_years - p.age_years, 0);
    expect(p.repair_vs_replace).toEqual(expect.any(String));
  });

  it.each([
    ['Bradford White', 'RG250T6N', 'LM1234567', 'gas tank water heater'],
    ['Rheem', 'XG50T06EC36U1', 'Q0419E12345', 'gas tank water heater'],
    ['Trane', '4TTR4036L1000A', '14251KAD4F', 'split-system AC condenser'],
    ['GE', 'GTS18GTHWW', 'LR821547C', 'refrigerator'],
  ])('decodes a %s example', async (brand, model, serial, type) => {
    const p = (await analyze({ brand_name: brand, model_number: model, serial_number: serial })).body;
    expect(p.equipment_type).toBe(type);
    expect(p.manufacture_date.year).toEqual(expect.any(Number));
    expect(p.age_years).toEqual(expect.any(Number));
  });

  it("reads a Frigidaire window air conditioner as a room air conditioner, not a dryer, with a room unit's life and care", async () => {
    const res = await analyze({ brand_name: 'Frigidaire', model_number: 'FFRE0833U1', serial_number: 'JA05012345' });
    expect(res.status).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({ equipment_type: 'room (window) air conditioner', category: 'HVAC' });
    expect(p.specs).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'capacity_btuh', value: '8000' })]));
    expect(p.expected_lifespan.typical_years).toBe(10);
    expect(JSON.stringify(p.maintenance_schedule)).not.toMatch(/lint/i);
    expect(p.common_issues.join(' ')).not.toMatch(/lint|drum|belt/i);
  });

  it('knows Speed Queen, the laundry-room washer of apartment buildings: brand, type and month of manufacture', async () => {
    const res = await analyze({ brand_name: 'Speed Queen', model_number: 'AWNE92SP113TW01', serial_number: '1403012345' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brand: 'Speed Queen', manufacturer: 'Alliance Laundry Systems', equipment_type: 'clothes washer' });
    expect(res.body.manufacture_date).toMatchObject({ year: 2014, month: 3 });
    expect(res.body.age_years).toBeCloseTo(yearsSince(2014, 3), 0);
    expect(res.body.warnings.join(' ')).not.toMatch(/unknown brand/i);
  });

  it.each([
    ['Liebert', 'DS035AUA0EI', 'Liebert', 'precision cooling unit (computer room air conditioner)'],
    ['Kidde', 'i12060', 'Kidde', 'smoke alarm'],
    ['Sloan', 'Royal 111-1.28', 'Sloan', 'flushometer (commercial flush valve)'],
  ])('knows the commercial-building brand %s %s: its own name, maker and equipment type', async (brand, model, display, type) => {
    const res = await analyze({ brand_name: brand, model_number: model, serial_number: 'XY12345678' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brand: display, equipment_type: type });
    expect(res.body.manufacturer).toEqual(expect.any(String));
    expect(res.body.expected_lifespan.typical_years).toBeGreaterThan(0);
  });

  it.each([['Mueller'], ['Goodway']])('keeps the brand %s as typed instead of a near-named company', async (brand) => {
    const res = await analyze({ brand_name: brand, model_number: 'ABC123' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brand, manufacturer: null });
    expect(res.body.warnings.join(' ')).toMatch(/not in the knowledge base/);
  });

  it('answers an unreadable serial with a warning and no confident date', async () => {
    const p = (await analyze({ brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '!!!' })).body;
    expect(p.manufacture_date.year).toBeNull();
    expect(p.warnings.join(' ')).toMatch(/serial/i);
  });

  it('stores each analyzed asset once for the client', async () => {
    await analyze({ brand_name: 'Goodman', model_number: 'GSX140361', serial_number: '1503123456' });
    await analyze({ brand_name: 'goodman', model_number: 'GSX140361', serial_number: '1503123456' });
    const rows = await ds.query(
      `SELECT a.model_number, a.manufacture_year FROM assets a JOIN clients c ON c.id = a.client_id WHERE c.name = $1 AND a.model_number = 'GSX140361'`,
      [client],
    );
    expect(rows).toEqual([{ model_number: 'GSX140361', manufacture_year: 2015 }]);
  });
});

describe('POST /asset-intelligence/analyze with an OpenAI-compatible model', () => {
  let t: TestApp;
  let fake: FakeLlmServer;
  let auth: string;
  beforeAll(async () => {
    fake = createFakeOpenAi();
    const url = await fake.start();
    t = await createTestApp({ LLM_PROVIDER: 'openai', OPENAI_BASE_URL: `${url}/v1`, OPENAI_MODEL: 'gpt-test', LLM_MAX_RETRIES: '0' });
    auth = `Bearer ${(await t.newClientToken('assets-llm')).token}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('merges what the model adds, keeps decoded facts, and asks only once per asset', async () => {
    fake.enqueue({
      kind: 'json',
      body: {
        manufacture_year: 2009,
        specs: [
          { name: 'efficiency_seer', value: '13' },
          { name: 'capacity_tons', value: '4' },
        ],
        common_issues: ['Weak run capacitor (model says)'],
        maintenance_schedule: [],
      },
    });
    const query = { brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' };
    const first = (await request(t.http).post('/asset-intelligence/analyze').query(query).set('Authorization', auth)).body;
    expect(first.manufacture_date.year).toBe(2014);
    expect(first.specs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'capacity_tons', value: '3', source: 'decoded' }),
        expect.objectContaining({ name: 'efficiency_seer', value: '13', source: 'llm' }),
      ]),
    );
    expect(first.common_issues).toContain('Weak run capacitor (model says)');
    expect(first.warnings.join(' ')).toMatch(/capacity_tons|2009/);
    const second = (await request(t.http).post('/asset-intelligence/analyze').query(query).set('Authorization', auth)).body;
    expect(second.common_issues).toContain('Weak run capacitor (model says)');
    expect(fake.requests).toHaveLength(1);
    const prompt = JSON.stringify(fake.requests[0].body.messages);
    expect(prompt).toContain('24ACC636A003');
  });

  it('still answers offline when the model fails', async () => {
    fake.defaultBehaviour = { kind: 'status', status: 500 };
    const res = await request(t.http)
      .post('/asset-intelligence/analyze')
      .query({ brand_name: 'Trane', model_number: '4TTR4036L1000A', serial_number: '14251KAD4F' })
      .set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.equipment_type).toBe('split-system AC condenser');
    expect(res.body.warnings.join(' ')).toMatch(/could not be reached/);
  });
});
