import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/** The value of one series in Prometheus text format (0 when absent). */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await request(t.http).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.text;
  };

  it('is served without a token, in Prometheus text format, with the process, pool and OCR gauges', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE woi_http_request_duration_seconds histogram');
    expect(text).toContain('woi_process_cpu_seconds_total');
    expect(text).toMatch(/woi_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/woi_ocr_queue\{state="queued"\} 0/);
    expect(text).toContain('# TYPE woi_llm_calls_total counter');
  });

  it('counts an enrich by route and status, by diagnosis source and by the retrieval path it reports', async () => {
    const { token } = await t.newClientToken('metrics-enrich');
    const before = await scrape();
    const res = await request(t.http)
      .post('/work-order/enrich')
      .set('Authorization', `Bearer ${token}`)
      .send({ issue_description: 'Kitchen sink is leaking under the cabinet' });
    expect(res.status).toBe(200);
    const path = res.headers['x-retrieval-path'];
    expect(path).toMatch(/^(none|(problem|unit_or_asset|property|full_text|trigram)(\+(unit_or_asset|property|full_text|trigram))*)$/);
    const after = await scrape();
    const route = { route: '/work-order/enrich', method: 'POST', status: '200' };
    expect(series(after, 'woi_http_request_duration_seconds_count', route) - series(before, 'woi_http_request_duration_seconds_count', route)).toBe(1);
    const source = { source: 'knowledge-base' };
    expect(series(after, 'woi_diagnosis_total', source) - series(before, 'woi_diagnosis_total', source)).toBe(1);
    expect(series(after, 'woi_retrieval_path_total', { path }) - series(before, 'woi_retrieval_path_total', { path })).toBe(1);
  });

  it('labels refused requests by status and unknown paths as unmatched, never by raw URL', async () => {
    const before = await scrape();
    await request(t.http).post('/work-order/enrich').send({ issue_description: 'x' }).expect(401);
    await request(t.http).get('/no/such/path/12345').expect(404);
    const after = await scrape();
    const refused = { route: '/work-order/enrich', status: '401' };
    expect(series(after, 'woi_http_request_duration_seconds_count', refused) - series(before, 'woi_http_request_duration_seconds_count', refused)).toBe(1);
    const unmatched = { route: 'unmatched', status: '404' };
    expect(series(after, 'woi_http_request_duration_seconds_count', unmatched) - series(before, 'woi_http_request_duration_seconds_count', unmatched)).toBe(1);
    expect(after).not.toContain('12345');
  });

  it('counts imported rows by outcome', async () => {
    const { token } = await t.newClientToken('metrics-import');
    const before = await scrape();
    const rows = [
      { work_order_id: 'M1', issue_description: 'Toilet runs all night' },
      { work_order_id: 'M2', issue_description: 'No heat in bedroom' },
      { work_order_id: 'M3' },
    ];
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(res.body).toMatchObject({ inserted: 2, rejected: 1 });
    await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows.slice(0, 1)).expect(200);
    const after = await scrape();
    const delta = (outcome: string) => series(after, 'woi_import_rows_total', { outcome }) - series(before, 'woi_import_rows_total', { outcome });
    expect([delta('inserted'), delta('rejected'), delta('unchanged')]).toEqual([2, 1, 1]);
  });
});

describe('GET /metrics with METRICS_ENABLED=false', () => {
  it('is not served (404 with a JSON body)', async () => {
    const t = await createTestApp({ METRICS_ENABLED: 'false' });
    try {
      const res = await request(t.http).get('/metrics');
      expect(res.status).toBe(404);
      expect(res.body).toHaveProperty('error');
    } finally {
      await t.close();
    }
  });
});
