import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OcrPool } from './ocr-pool';

/** The OCR worker pool as a Nest provider: warmed at boot (when configured), stopped at shutdown. */
@Injectable()
export class OcrPoolLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OcrPool');
  readonly pool: OcrPool;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.pool = new OcrPool({ size: config.ocr.workers, maxQueue: config.ocr.maxQueue, timeoutMs: config.ocr.timeoutMs });
  }

  onApplicationBootstrap(): void {
    if (!this.config.ocr.startAtBoot) return;
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
