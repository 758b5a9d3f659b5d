import { resolveAssetIntelligenceSettings } from './asset-intelligence/asset-intelligence.options';
import { assetIntelligenceOptionsFrom, clientAccessOptionsFrom, workOrderOptionsFrom } from './app.module';
import { loadAppConfig } from './config/app-config';
import { LlmPort } from './llm/llm.port';
import { resolveWorkOrderSettings } from './work-order/work-order.options';

const port = {} as LlmPort;

/** The configuration leaves feature defaults to the modules; what the standalone service ends up with. */
describe('the standalone service’s module settings', () => {
  it('are the documented defaults for an empty environment', () => {
    const config = loadAppConfig({});
    expect(resolveWorkOrderSettings(workOrderOptionsFrom(config, port))).toMatchObject({
      limits: { jsonBodyBytes: 1024 * 1024, importBodyBytes: 50 * 1024 * 1024 },
      callbackWindowDays: 30,
      diagnosis: { llmFailureMode: 'fallback', cacheTtlSeconds: 300 },
    });
    const assets = resolveAssetIntelligenceSettings(assetIntelligenceOptionsFrom(config, port));
    expect(assets.limits).toEqual({ uploadMaxBytes: 15 * 1024 * 1024, uploadMaxPixels: 50_000_000 });
    expect(assets.ocr).toMatchObject({ timeoutMs: 20_000, startAtBoot: true, maxQueue: 4 * assets.ocr.workers });
    expect(clientAccessOptionsFrom(config).rateLimit).toEqual({ max: 600, windowSeconds: 60 });
  });

  it('follow the environment', () => {
    const config = loadAppConfig({
      UPLOAD_MAX_BYTES: '4096',
      OCR_WORKERS: '2',
      CALLBACK_WINDOW_DAYS: '10',
      RATE_LIMIT_MAX: '4',
      RATE_LIMIT_WINDOW_SECONDS: '9',
    });
    expect(resolveAssetIntelligenceSettings(assetIntelligenceOptionsFrom(config, port))).toMatchObject({
      limits: { uploadMaxBytes: 4096 },
      ocr: { workers: 2, maxQueue: 8 },
    });
    expect(resolveWorkOrderSettings(workOrderOptionsFrom(config, port)).callbackWindowDays).toBe(10);
    expect(clientAccessOptionsFrom(config).rateLimit).toEqual({ max: 4, windowSeconds: 9 });
  });
});
