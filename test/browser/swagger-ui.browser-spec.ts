import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { createTestApp, TestApp } from '../support/test-app';
import { Browser, CHROMIUM_PATH, launchChromium, SCREENSHOT_DIR, SwaggerOperation } from './swagger-ui.page';

// Drives Swagger UI in a real Chromium the way a developer would on first contact with the API:
// open /docs, authorize, try the main operations. Skipped, loudly, where Chromium is not installed.
const haveChromium = fs.existsSync(CHROMIUM_PATH);
if (!haveChromium) console.warn(`Swagger UI browser test skipped: ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`);
const describeInBrowser = haveChromium ? describe : describe.skip;
/** A made-up host name the browser resolves to 127.0.0.1, standing for a LAN name of the server. */
const LAN_HOST = 'woi-docs.test';

describeInBrowser('Swagger UI in Chromium', () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    t = await createTestApp({ OCR_WORKERS: '1' });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    token = (await t.newClientToken('swagger-ui')).token;
    browser = await launchChromium([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
    browser.page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const operation = (tag: string, operationId: string, method: string, route: string) => new SwaggerOperation(browser.page, tag, operationId, method, route);

  it('opens /docs with the API title, version, description and tagged operations', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/docs`);
    const info = page.locator('.swagger-ui .information-container .info');
    await info.waitFor();
    expect(await info.locator('.title').innerText()).toMatch(/Work Order Diagnosis & Asset Intelligence API\s*0\.1\.0/);
    expect(await info.locator('.description').innerText()).toContain('Authorization: Bearer <token>');
    const tags = await page.locator('.opblock-tag-section .opblock-tag').allInnerTexts();
    expect(tags.map((tag) => tag.split('\n')[0])).toEqual(['Work orders', 'Asset intelligence', 'Health']);
    expect(tags.every((tag) => tag.split('\n').filter(Boolean).length > 1)).toBe(true); // every tag has a description
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, '01-docs.png'), fullPage: true });
  });

  it('authorizes with a bearer token through the Authorize dialog', async () => {
    const { page } = browser;
    await page.locator('.auth-wrapper .btn.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('#auth-bearer-value').pressSequentially(token, { delay: 0 });
    await dialog.locator('.auth-btn-wrapper .btn.authorize').click();
    // Once authorized, the dialog offers Logout instead of Authorize.
    await dialog.locator('.auth-btn-wrapper button', { hasText: 'Logout' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, '02-authorize.png') });
    await dialog.locator('.auth-btn-wrapper .btn-done').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.auth-wrapper .btn.authorize.locked').waitFor();
  });

  it('POST /work-order/enrich: the no-heat example diagnoses the call', async () => {
    const enrich = operation('Work orders', 'WorkOrderController_enrich', 'POST', '/work-order/enrich');
    await enrich.tryItOut();
    const examples = enrich.block.locator('.examples-select-element');
    expect(await examples.locator('option').allInnerTexts()).toEqual([
      'Only the description',
      'No heat, with property, unit and urgency',
      'All 26 fields of the specification (a completed work order)',
    ]);
    await examples.selectOption('noHeat');
    const body = await enrich.block.locator('textarea.body-param__text').elementHandle();
    await browser.page.waitForFunction((el) => (el as unknown as { value: string }).value.includes('No heat in the apartment'), body);

    const res = await enrich.execute();
    expect(res.network.status()).toBe(200);
    expect(await res.network.request().headerValue('authorization')).toBe(`Bearer ${token}`);
    expect(await res.network.headerValue('x-diagnosis-source')).toBe('knowledge-base');
    expect(res.status).toBe('200');
    expect(res.body).toContain('"top_3_diagnosis"');
    expect(res.body).toContain('"vendor": "HVAC technician"');
    expect(res.body).toContain('"trade": "hvac-heating"');
    // Each documented error answer shows its own status and code, not the schema's 400 example.
    const documented401 = enrich.block.locator('.responses-table tr.response[data-code="401"] .example');
    expect(await documented401.innerText()).toContain('"error": "UNAUTHENTICATED"');
    await enrich.screenshot('03-work-order-enrich.png');
  });

  it('POST /asset-intelligence/analyze: the query parameters come prefilled and an HVAC asset is profiled', async () => {
    const analyze = operation('Asset intelligence', 'AssetIntelligenceController_analyze', 'POST', '/asset-intelligence/analyze');
    await analyze.tryItOut();
    const param = (name: string) => analyze.block.locator(`tr[data-param-name="${name}"] input`);
    // The documented examples work as they are; the test types a second real unit over them.
    expect([await param('brand_name').inputValue(), await param('model_number').inputValue(), await param('serial_number').inputValue()]).toEqual([
      'Carrier',
      '24ACC636A003',
      '1014E12345',
    ]);
    await param('brand_name').fill('Trane');
    await param('model_number').fill('4TTR4036L1000A');
    await param('serial_number').fill('14251KAD4F');

    const res = await analyze.execute();
    expect(res.network.url()).toContain('brand_name=Trane');
    expect(res.status).toBe('200');
    expect(res.body).toContain('"brand": "Trane"');
    expect(res.body).toContain('"model_number": "4TTR4036L1000A"');
    expect(res.body).toContain('"equipment_type": "split-system AC condenser"');
    expect(res.body).toContain('"expected_lifespan"');
    await analyze.screenshot('04-asset-intelligence-analyze.png');
  });

  it('POST /asset-intelligence/analyze-nameplate: an uploaded plate photo is read', async () => {
    const truth = SAMPLE_NAMEPLATES.furnace;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-nameplate-'));
    const file = path.join(dir, 'furnace-nameplate.png');
    try {
      fs.writeFileSync(file, await renderNameplate('furnace', truth, { format: 'png' }));
      const nameplate = operation('Asset intelligence', 'AssetIntelligenceController_analyzeNameplate', 'POST', '/asset-intelligence/analyze-nameplate');
      await nameplate.tryItOut();
      await nameplate.block.locator('tr[data-property-name="photo"] input[type="file"]').setInputFiles(file);

      // The first photo also starts the OCR worker.
      const res = await nameplate.execute(90_000);
      expect(res.status).toBe('200');
      expect(res.body).toContain('"brand": "Goodman"');
      expect(res.body).toContain(`"model_number": "${truth.model}"`);
      expect(res.body).toContain(`"serial_number": "${truth.serial}"`);
      expect(res.body).toContain('"image_format": "png"');
      await nameplate.screenshot('05-asset-intelligence-analyze-nameplate.png');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('raised no JavaScript errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });

  // Helmet's default Content-Security-Policy carries upgrade-insecure-requests, which made a
  // browser reaching the service over plain HTTP by any host name but localhost (a LAN address,
  // a compose service name) fetch Swagger UI's scripts over https and show a blank page.
  it('serves a working Swagger UI over plain HTTP under a host name other than localhost', async () => {
    const page = await browser.context.newPage();
    try {
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      await page.goto(`${baseUrl.replace('127.0.0.1', LAN_HOST)}/docs`, { waitUntil: 'load' });
      expect(failed).toEqual([]);
      await page.locator('.swagger-ui .information-container .info').waitFor({ timeout: 5_000 });
    } finally {
      await page.close();
    }
  });
});
