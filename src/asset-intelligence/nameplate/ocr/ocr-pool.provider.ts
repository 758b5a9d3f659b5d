import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ASSET_INTELLIGENCE_SETTINGS, AssetIntelligenceSettings } from '../../asset-intelligence.options';
import { serviceMetrics } from '../../../metrics/service-metrics';
import { OcrPool } from './ocr-pool';
import { PpOcrPool } from './pp-ocr/pp-ocr-pool';

/** The OCR pool of the configured engine as a Nest provider: warmed at boot (when configured), stopped at shutdown. */
@Injectable()
export class OcrPoolLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OcrPool');
  readonly pool: { kind: 'ppocr'; pool: PpOcrPool } | { kind: 'tesseract'; pool: OcrPool };
  private readonly unwatch: () => void;

  constructor(@Inject(ASSET_INTELLIGENCE_SETTINGS) private readonly settings: AssetIntelligenceSettings) {
    const { engine, workers: size, maxQueue, timeoutMs } = settings.ocr;
    this.pool =
      engine === 'tesseract'
        ? { kind: engine, pool: new OcrPool({ size, maxQueue, timeoutMs }) }
        : { kind: engine, pool: new PpOcrPool({ size, maxQueue, timeoutMs }) };
    this.unwatch = serviceMetrics.watchOcrQueue(() => ({ queued: this.pool.pool.queueLength, running: this.pool.pool.runningCount }));
  }

  onApplicationBootstrap(): void {
    if (!this.settings.ocr.startAtBoot) return;
    // Loading takes a few seconds; the service answers meanwhile and the first photo waits for it.
    const started = Date.now();
    this.pool.pool.start().then(
      () => this.logger.log(`${this.pool.pool.size} ${this.pool.kind} OCR workers ready in ${Date.now() - started} ms`),
      (e: Error) => this.logger.error(`OCR workers failed to start: ${e.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatch();
    await this.pool.pool.stop();
  }
}
