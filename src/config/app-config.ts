import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_RATE_LIMIT } from '../auth/client-access.options';
import { parseLaborRates } from '../knowledge/labor-rate-overrides';
import type { LlmSettings } from '../llm/llm.settings';
import { EnvironmentVariables, LogFormat, LogLevel, NodeEnv, validateEnv } from './env.schema';

/**
 * The typed configuration object the rest of the service reads. Feature settings left unset
 * are undefined: the modules own their defaults (README, Configuration).
 */
export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  /** Processes serving the port (`SERVICE_PROCESSES`); above 1 only with a PostgreSQL server. */
  processes: number;
  database: {
    /** Connection string of a real PostgreSQL server, or undefined for the embedded database. */
    url?: string;
    /** Read replicas of `url` for lag-tolerant reads; empty when none (always empty when embedded). */
    replicaUrls: string[];
    dataDir: string;
    poolSize: number;
    connectTimeoutMs: number;
    /** Server-side statement_timeout; undefined uses the default (30 s). */
    statementTimeoutMs?: number;
    /** Client-side wait for any answer; undefined is the statement timeout plus 5 s. */
    queryTimeoutMs?: number;
  };
  /** Redis shared by all instances (throttler storage, enrich cache); undefined keeps both in process. */
  redisUrl?: string;
  log: { level: LogLevel; format: LogFormat };
  http: { jsonBodyLimitBytes?: number; uploadMaxBytes?: number; importBodyLimitBytes?: number; requestTimeoutMs: number };
  history: {
    /** Days after a close within which a similar ticket on the same unit or asset is a callback. */
    callbackWindowDays?: number;
  };
  rateLimit: { max: number; windowSeconds: number };
  /** GET /metrics (Prometheus text format, unauthenticated) is served. */
  metrics: { enabled: boolean };
  llm: LlmSettings;
  ocr: {
    engine?: 'ppocr' | 'tesseract';
    workers?: number;
    maxQueue?: number;
    timeoutMs?: number;
    startAtBoot: boolean;
    maxPixels?: number;
  };
  diagnosis: {
    /** When the model fails: answer from the offline engines, or with 502/503. */
    llmFailureMode?: 'fallback' | 'error';
    /** Seconds identical enrich requests are served from cache; 0 is off. */
    cacheTtlSeconds?: number;
    /** National labor rates (whole USD per hour) replacing the knowledge-base defaults, by trade id. */
    laborRates: Record<string, number>;
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function llmSettings(env: EnvironmentVariables): LlmSettings {
  const resilience = {
    timeoutMs: env.LLM_TIMEOUT_MS ?? 20_000,
    maxRetries: env.LLM_MAX_RETRIES ?? 2,
    backoffMs: 250,
    breakerThreshold: 5,
    breakerCooldownMs: 30_000,
  };
  switch (env.LLM_PROVIDER ?? 'offline') {
    case 'offline':
      return { provider: 'offline' };
    case 'gemini':
      return {
        provider: 'gemini',
        gemini: { apiKey: env.GEMINI_API_KEY!, model: env.GEMINI_MODEL ?? 'gemini-2.5-flash', baseUrl: env.GEMINI_BASE_URL },
        resilience,
      };
    case 'openai':
      return { provider: 'openai', openai: { apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? 'gpt-4o-mini', baseUrl: env.OPENAI_BASE_URL }, resilience };
  }
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function buildAppConfig(env: EnvironmentVariables): AppConfig {
  const nodeEnv = env.NODE_ENV ?? NodeEnv.Development;
  const embedded = !env.DATABASE_URL;
  return {
    nodeEnv,
    port: env.PORT ?? 3000,
    processes: env.SERVICE_PROCESSES ?? 1,
    database: {
      url: env.DATABASE_URL,
      // The embedded database has no replicas; a replica list without a primary is ignored with it.
      replicaUrls: embedded ? [] : splitList(env.DATABASE_REPLICA_URLS),
      dataDir: path.resolve(env.DATA_DIR ?? './data'),
      // PGlite runs one query at a time, so a large pool only queues; keep it small when embedded.
      poolSize: env.DB_POOL_SIZE ?? (embedded ? 4 : 10),
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS ?? 5000,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    },
    redisUrl: env.REDIS_URL,
    log: {
      level: env.LOG_LEVEL ?? (nodeEnv === NodeEnv.Test ? 'silent' : 'info'),
      format: env.LOG_FORMAT ?? (nodeEnv === NodeEnv.Development && process.stdout.isTTY ? LogFormat.Pretty : LogFormat.Json),
    },
    http: {
      jsonBodyLimitBytes: env.JSON_BODY_LIMIT_BYTES,
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      importBodyLimitBytes: env.IMPORT_BODY_LIMIT_BYTES,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS ?? 60_000,
    },
    history: { callbackWindowDays: env.CALLBACK_WINDOW_DAYS },
    rateLimit: {
      max: env.RATE_LIMIT_MAX ?? (nodeEnv === NodeEnv.Test ? 0 : DEFAULT_RATE_LIMIT.max),
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS ?? DEFAULT_RATE_LIMIT.windowSeconds,
    },
    metrics: { enabled: env.METRICS_ENABLED !== 'false' },
    llm: llmSettings(env),
    ocr: {
      engine: env.OCR_ENGINE,
      // Several service processes share the cores: each gets its share of OCR workers by default.
      workers: env.OCR_WORKERS ?? ((env.SERVICE_PROCESSES ?? 1) > 1 ? Math.max(1, Math.floor(os.availableParallelism() / env.SERVICE_PROCESSES!)) : undefined),
      maxQueue: env.OCR_MAX_QUEUE,
      timeoutMs: env.OCR_TIMEOUT_MS,
      startAtBoot: env.OCR_START_AT_BOOT ? env.OCR_START_AT_BOOT === 'true' : nodeEnv !== NodeEnv.Test,
      maxPixels: env.UPLOAD_MAX_PIXELS,
    },
    diagnosis: {
      llmFailureMode: env.LLM_FAILURE_MODE,
      cacheTtlSeconds: env.ENRICH_CACHE_TTL_SECONDS,
      laborRates: parseLaborRates(env.LABOR_RATES),
    },
  };
}

/** Reads and validates the process environment; the only place that touches `process.env`. */
export function loadAppConfig(raw: Record<string, unknown> = process.env): AppConfig {
  const env = validateEnv(raw);
  if ((env.SERVICE_PROCESSES ?? 1) > 1 && !env.DATABASE_URL)
    throw new Error(
      `Invalid configuration:\n  SERVICE_PROCESSES=${env.SERVICE_PROCESSES}: more than one process needs DATABASE_URL (the embedded database lives inside one process)`,
    );
  return buildAppConfig(env);
}
