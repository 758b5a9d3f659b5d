import * as os from 'node:os';
import { definedOnly } from '../common/defined-only';
import type { ProductModuleExtras } from '../common/product-module';
import type { LlmModuleOptions } from '../llm/llm.module';

/** Options of AssetIntelligenceModule.forRoot / forRootAsync. Everything is optional. */
export interface AssetIntelligenceModuleOptions {
  /** LLM provider settings, or `{ port }` with the host's own LlmPort. Default: offline (no model). */
  llm?: LlmModuleOptions;
  limits?: {
    /** Largest nameplate photo, in bytes. Default 15 MiB. */
    uploadMaxBytes?: number;
    /** Largest nameplate photo, in pixels, read from the image header before decoding. Default 50 million. */
    uploadMaxPixels?: number;
  };
  ocr?: {
    /** Offline reader: PP-OCR models on onnxruntime (default), or Tesseract, the reader before it, kept for comparison. */
    engine?: OcrEngineName;
    /** OCR worker threads. Default: one per core. */
    workers?: number;
    /** Photos that may wait for a worker before new ones get 503. Default 4 per worker. */
    maxQueue?: number;
    /** Longest one OCR pass may take, in milliseconds. Default 20,000. */
    timeoutMs?: number;
    /** Warm the workers when the application starts (otherwise on the first photo). Default true. */
    startAtBoot?: boolean;
  };
}

/** `dataSource`, next to the options in forRoot and forRootAsync. */
export type AssetIntelligenceModuleExtras = ProductModuleExtras;

export interface AssetIntelligenceSettings {
  limits: { uploadMaxBytes: number; uploadMaxPixels: number };
  ocr: { engine: OcrEngineName; workers: number; maxQueue: number; timeoutMs: number; startAtBoot: boolean };
}

/** The offline nameplate readers. */
export type OcrEngineName = 'ppocr' | 'tesseract';

export const ASSET_INTELLIGENCE_SETTINGS = Symbol('ASSET_INTELLIGENCE_SETTINGS');

export function defaultOcrWorkers(): number {
  return os.availableParallelism();
}

export const ASSET_INTELLIGENCE_DEFAULTS = {
  limits: { uploadMaxBytes: 15 * 1024 * 1024, uploadMaxPixels: 50_000_000 },
  /** The OCR queue holds this many photos per worker. */
  ocr: { engine: 'ppocr' as OcrEngineName, queuePerWorker: 4, timeoutMs: 20_000, startAtBoot: true },
};

export function resolveAssetIntelligenceSettings(options: AssetIntelligenceModuleOptions): AssetIntelligenceSettings {
  const { queuePerWorker, ...ocrDefaults } = ASSET_INTELLIGENCE_DEFAULTS.ocr;
  const ocr = definedOnly(options.ocr);
  const workers = ocr.workers ?? defaultOcrWorkers();
  return {
    limits: { ...ASSET_INTELLIGENCE_DEFAULTS.limits, ...definedOnly(options.limits) },
    ocr: { ...ocrDefaults, workers, maxQueue: queuePerWorker * workers, ...ocr },
  };
}
