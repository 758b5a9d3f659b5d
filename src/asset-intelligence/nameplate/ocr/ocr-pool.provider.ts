import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ASSET_INTELLIGENCE_SETTINGS, AssetIntelligenceSettings } from '../../asset-intelligence.options';
import { OcrPool } from './ocr-pool';

/** The OCR worker pool as a Nest provider: warmed at boot (when configured), stopped at shutdown. */
@Injectable()
export class OcrPoolLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OcrPool');
  readonly pool: OcrPool;

  constructor(@Inject(ASSET_INTELLIGENCE_SETTINGS) private readonly settings: AssetIntelligenceSettings) {
    this.pool = new OcrPool({ size: settings.ocr.workers, maxQueue: settings.ocr.maxQueue, timeoutMs: settings.ocr.timeoutMs });
  }

  onApplicationBootstrap(): void {
    if (!this.settings.ocr.startAtBoot) return;
    // Warming takes a few seconds; the service answers meanwhile and the first photo waits for it.
    const started = Date.now();
    this.pool.start().then(
      () => this.logger.log(`${this.pool.size} OCR workers ready in ${Date.now() - started} ms`),
      (e: Error) => this.logger.error(`OCR workers failed to start: ${e.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.stop();
  }
}
