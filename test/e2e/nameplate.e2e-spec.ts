import * as fs from 'node:fs';
import * as os from 'node:os';
import request from 'supertest';
import sharp from 'sharp';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { createFakeOpenAi } from '../fakes/fake-openai.server';
import type { FakeLlmServer } from '../fakes/fake-llm-server';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorShape } from '../support/error-shape';
import { pngDeclaring } from '../fixtures/nameplates/png-declaring';

/** Upload temp files in the shared temp dir; the tests' own scratch dirs are named woi-*. */
const tmpFiles = () => fs.readdirSync(os.tmpdir()).filter((f) => /multer|upload/i.test(f) && !f.startsWith('woi-')).length;

describe('POST /asset-intelligence/analyze-nameplate, offline OCR', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({ OCR_WORKERS: '1' });
    auth = `Bearer ${(await t.newClientToken('nameplate')).token}`;
  });
  afterAll(() => t.close());
  const upload = (photo: Buffer, name = 'plate.jpg') =>
    request(t.http).post('/asset-intelligence/analyze-nameplate').set('Authorization', auth).attach('photo', photo, name);

  it('reads a photographed condenser plate into the right profile', async () => {
    const truth = SAMPLE_NAMEPLATES.condenser;
    const photo = await renderNameplate('condenser', truth, { format: 'jpeg', jpegQuality: 80, rotateDeg: 2, blur: 1, noise: 0.2 });
    const before = tmpFiles();
    const res = await upload(photo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brand: 'Carrier', model_number: truth.model, serial_number: truth.serial, equipment_type: 'split-system AC condenser' });
    expect(res.body.manufacture_date).toMatchObject({ year: 2014 });
    expect(res.body.nameplate.image_format).toBe('jpeg');
    const read = Object.fromEntries(res.body.nameplate.fields.map((f: { name: string; value: string }) => [f.name, f.value]));
    expect(read).toMatchObject({ model_number: truth.model, serial_number: truth.serial, refrigerant: 'R-410A' });
    expect(res.body.specs).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'refrigerant', value: 'R-410A', source: 'nameplate' })]));
    expect(res.body.nameplate.raw_text).toContain(truth.serial);
    expect(tmpFiles()).toBe(before);
  });

  it('reads a water heater plate with its tank size', async () => {
    const truth = SAMPLE_NAMEPLATES['water-heater'];
    const res = await upload(await renderNameplate('water-heater', truth, { format: 'png' }), 'wh.png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brand: 'Rheem', model_number: truth.model, serial_number: truth.serial });
    expect(res.body.specs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'tank_gallons', value: '40' }),
        expect.objectContaining({ name: 'input_btuh', value: '36000', source: 'nameplate' }),
      ]),
    );
  });

  it('refuses a decompression bomb quickly, before decoding it', async () => {
    const started = Date.now();
    const err = expectErrorShape(await upload(pngDeclaring(30000, 30000), 'bomb.png'), 413, 'PAYLOAD_TOO_LARGE');
    expect(err.details).toEqual([{ field: 'photo', message: 'too_many_pixels' }]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 422 for a truncated JPEG', async () => {
    const photo = await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { format: 'jpeg' });
    expectErrorShape(await upload(photo.subarray(0, 600)), 422, 'UNPROCESSABLE');
  });

  it('answers 422 with what was read when nothing identifies the equipment', async () => {
    const blank = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c8c8c8' } })
      .jpeg()
      .toBuffer();
    const err = expectErrorShape(await upload(blank), 422, 'UNPROCESSABLE');
    expect(err.message).toMatch(/No brand, model or serial number could be read/);
  });
});

describe('POST /asset-intelligence/analyze-nameplate with a vision model', () => {
  let t: TestApp;
  let fake: FakeLlmServer;
  let auth: string;
  beforeAll(async () => {
    fake = createFakeOpenAi();
    const url = await fake.start();
    t = await createTestApp({ OCR_WORKERS: '1', LLM_PROVIDER: 'openai', OPENAI_BASE_URL: `${url}/v1`, LLM_MAX_RETRIES: '0' });
    auth = `Bearer ${(await t.newClientToken('nameplate-vision')).token}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('sends the photo to the model and reconciles field by field', async () => {
    const truth = SAMPLE_NAMEPLATES.furnace;
    // The vision answer agrees on brand and model, disagrees on the serial, and adds nothing else.
    fake.intercept = (r) =>
      JSON.stringify(r.body).includes('nameplate_fields')
        ? { kind: 'json', body: { brand: 'Goodman', model_number: truth.model, serial_number: '9999999999', manufacture_date: null } }
        : { kind: 'json', body: { specs: [], common_issues: [] } };
    const photo = await renderNameplate('furnace', truth, { format: 'jpeg' });
    const res = await request(t.http).post('/asset-intelligence/analyze-nameplate').set('Authorization', auth).attach('photo', photo, 'furnace.jpg');
    expect(res.status).toBe(200);
    const visionCall = fake.requests.find((r) => JSON.stringify(r.body).includes('nameplate_fields'))!;
    expect(JSON.stringify(visionCall.body)).toContain(photo.subarray(0, 3000).toString('base64').slice(0, 40));
    expect(res.body.serial_number).toBe(truth.serial);
    expect(res.body.warnings.join(' ')).toMatch(new RegExp(`serial number: OCR read "${truth.serial}", the vision model read "9999999999"`));
    const model = res.body.nameplate.fields.find((f: { name: string }) => f.name === 'model_number');
    expect(model.confidence).toBeGreaterThan(0.8);
  });
});
