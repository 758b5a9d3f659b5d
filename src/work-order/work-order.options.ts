import { definedOnly } from '../common/defined-only';
import type { ProductModuleExtras } from '../common/product-module';
import type { LlmModuleOptions } from '../llm/llm.module';
import type { CachedDiagnosis, EnrichmentCache } from './diagnosis/enrichment-cache';

/** What to do when the language model fails: answer from the offline engine, or with 502/503. */
export type LlmFailureMode = 'fallback' | 'error';

/** Options of WorkOrderModule.forRoot / forRootAsync. Everything is optional. */
export interface WorkOrderModuleOptions {
  /** LLM provider settings, or `{ port }` with the host's own LlmPort. Default: offline (no model). */
  llm?: LlmModuleOptions;
  limits?: {
    /** Largest enrich body, in bytes (applies when the host has not parsed the body already). Default 1 MiB. */
    jsonBodyBytes?: number;
    /** Largest history import body (JSON array or NDJSON), in bytes. Default 50 MiB. */
    importBodyBytes?: number;
  };
  /** Days after a close within which a similar ticket on the same unit or asset counts as a callback. Default 30. */
  callbackWindowDays?: number;
  diagnosis?: {
    llmFailureMode?: LlmFailureMode;
    /** Seconds identical enrich requests are answered from cache; 0 is off. Default 300. */
    cacheTtlSeconds?: number;
    /** Redis holding the enrich cache, shared by every instance (entries expire after cacheTtlSeconds). Default: in process. */
    redisUrl?: string;
    /** The host's own enrich cache (its TTL is the host's; cacheTtlSeconds 0 still turns caching off). Wins over redisUrl. */
    cache?: EnrichmentCache<CachedDiagnosis>;
    /** National labor rates (whole USD per hour) replacing the knowledge-base defaults, by trade id. */
    laborRates?: Record<string, number>;
  };
}

/** `dataSource`, next to the options in forRoot and forRootAsync. */
export type WorkOrderModuleExtras = ProductModuleExtras;

/** The options with every default filled in; what the module's services read. */
export interface WorkOrderSettings {
  limits: { jsonBodyBytes: number; importBodyBytes: number };
  callbackWindowDays: number;
  diagnosis: {
    llmFailureMode: LlmFailureMode;
    cacheTtlSeconds: number;
    redisUrl?: string;
    cache?: EnrichmentCache<CachedDiagnosis>;
    laborRates: Record<string, number>;
  };
}

export const WORK_ORDER_DEFAULTS: WorkOrderSettings = {
  limits: { jsonBodyBytes: 1024 * 1024, importBodyBytes: 50 * 1024 * 1024 },
  callbackWindowDays: 30,
  diagnosis: { llmFailureMode: 'fallback', cacheTtlSeconds: 300, laborRates: {} },
};

export function resolveWorkOrderSettings(options: WorkOrderModuleOptions): WorkOrderSettings {
  const d = WORK_ORDER_DEFAULTS;
  return {
    limits: { ...d.limits, ...definedOnly(options.limits) },
    callbackWindowDays: options.callbackWindowDays ?? d.callbackWindowDays,
    diagnosis: { ...d.diagnosis, ...definedOnly(options.diagnosis) },
  };
}

export const WORK_ORDER_SETTINGS = Symbol('WORK_ORDER_SETTINGS');
