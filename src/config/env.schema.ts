import { plainToInstance, Transform } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateIf, IsNotEmpty, validateSync } from 'class-validator';
import { LLM_PROVIDERS, LlmProviderName } from '../llm/llm.settings';

export enum NodeEnv {
  Development = 'development',
  Production = 'production',
  Test = 'test',
}

export enum LogFormat {
  Json = 'json',
  Pretty = 'pretty',
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value);

/** Every environment variable the service reads; validated once at boot. */
export class EnvironmentVariables {
  /** Runtime mode; `production` disables the embedded demo token. */
  @IsOptional()
  @IsEnum(NodeEnv)
  NODE_ENV?: NodeEnv;

  /** HTTP port. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' })
  DATABASE_URL?: string;

  /**
   * Streaming read replicas of DATABASE_URL, comma-separated connection strings. Reads that tolerate
   * lag (retrieval, previous fixes, asset lookups) go to them; ignored by the embedded database.
   */
  @IsOptional()
  @IsString()
  @Matches(/^\s*postgres(ql)?:\/\/[^,]+(\s*,\s*postgres(ql)?:\/\/[^,]+)*\s*$/, {
    message: 'DATABASE_REPLICA_URLS must be comma-separated postgres:// or postgresql:// URLs',
  })
  DATABASE_REPLICA_URLS?: string;

  /** Redis shared by several instances (rate limits, enrich answer cache); unset keeps both in process. */
  @IsOptional()
  @IsString()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' })
  REDIS_URL?: string;

  /** Folder of the embedded database and the demo token. */
  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  /** Maximum connections in the database pool. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE?: number;

  /** Milliseconds to wait for a database connection before failing the request. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  DB_CONNECT_TIMEOUT_MS?: number;

  /** Longest one SQL statement may run on the server, in milliseconds; 0 is no limit. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600000)
  DB_STATEMENT_TIMEOUT_MS?: number;

  /** Longest the service waits for any answer from the database, in milliseconds; 0 is no limit. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600000)
  DB_QUERY_TIMEOUT_MS?: number;

  /** Log verbosity. */
  @IsOptional()
  @IsEnum(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  /** `json` (default) or `pretty` (default when NODE_ENV=development). */
  @IsOptional()
  @IsEnum(LogFormat)
  LOG_FORMAT?: LogFormat;

  /** Largest accepted JSON body, in bytes. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(104857600)
  JSON_BODY_LIMIT_BYTES?: number;

  /** Largest accepted nameplate upload, in bytes. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(104857600)
  UPLOAD_MAX_BYTES?: number;

  /** Largest import body (JSON array or NDJSON), in bytes. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(1073741824)
  IMPORT_BODY_LIMIT_BYTES?: number;

  /** Longest time a client may take to send a whole request (headers and body), in milliseconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3600000)
  HTTP_REQUEST_TIMEOUT_MS?: number;

  /** Days after a close within which a similar ticket on the same unit or asset counts as a callback. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  CALLBACK_WINDOW_DAYS?: number;

  /** Language model behind diagnoses and nameplate reading: offline (none), gemini or openai. */
  @IsOptional()
  @IsEnum(LLM_PROVIDERS, { message: `LLM_PROVIDER must be one of: ${LLM_PROVIDERS.join(', ')}` })
  LLM_PROVIDER?: LlmProviderName;

  /** Gemini API key (required with LLM_PROVIDER=gemini). */
  @ValidateIf((env: EnvironmentVariables) => env.LLM_PROVIDER === 'gemini')
  @IsString()
  @IsNotEmpty({ message: 'GEMINI_API_KEY is required when LLM_PROVIDER=gemini' })
  GEMINI_API_KEY?: string;

  /** Gemini model name. */
  @IsOptional()
  @IsString()
  GEMINI_MODEL?: string;

  /** Gemini API base URL (proxies, tests). */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'GEMINI_BASE_URL must be an http(s) URL' })
  GEMINI_BASE_URL?: string;

  /** OpenAI-compatible API key; local servers accept any. */
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  /** OpenAI-compatible model name. */
  @IsOptional()
  @IsString()
  OPENAI_MODEL?: string;

  /** OpenAI-compatible base URL, e.g. http://localhost:11434/v1 for Ollama. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL?: string;

  /** Time budget of one model call, retries included, in milliseconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  LLM_TIMEOUT_MS?: number;

  /** Retries on 429, 5xx, timeouts and dropped connections. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5)
  LLM_MAX_RETRIES?: number;

  /** fallback (answer 200 from the offline engines) or error (answer 502/503) when the model fails. */
  @IsOptional()
  @IsEnum(['fallback', 'error'], { message: 'LLM_FAILURE_MODE must be one of: fallback, error' })
  LLM_FAILURE_MODE?: 'fallback' | 'error';

  /** Seconds an identical enrich request is served from cache without a second model call; 0 is off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  ENRICH_CACHE_TTL_SECONDS?: number;

  /** National billed labor rates that replace the defaults, e.g. "plumbing=125,electrical=140". */
  @IsOptional()
  @IsString()
  @Matches(/^\s*[a-z-]+\s*=\s*\d{1,4}\s*(,\s*[a-z-]+\s*=\s*\d{1,4}\s*)*$/, {
    message: 'LABOR_RATES must look like plumbing=125,electrical=140 (whole dollars per hour)',
  })
  LABOR_RATES?: string;

  /** OCR workers for nameplate photos (default: the number of CPUs). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(32)
  OCR_WORKERS?: number;

  /** Nameplate photos that may wait for an OCR worker; beyond this the service answers 503. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  OCR_MAX_QUEUE?: number;

  /** Time limit of one OCR job, in milliseconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300000)
  OCR_TIMEOUT_MS?: number;

  /** Offline nameplate reader: PP-OCR (default) or Tesseract, the reader before PP-OCR, kept for comparison. */
  @IsOptional()
  @IsEnum(['ppocr', 'tesseract'], { message: 'OCR_ENGINE must be ppocr or tesseract' })
  OCR_ENGINE?: 'ppocr' | 'tesseract';

  /** Start and warm the OCR workers at boot (true) or on the first photo (false; default under NODE_ENV=test). */
  @IsOptional()
  @IsEnum(['true', 'false'], { message: 'OCR_START_AT_BOOT must be true or false' })
  OCR_START_AT_BOOT?: 'true' | 'false';

  /**
   * Node processes serving HTTP on the one port (node:cluster), each with its own database pool,
   * caches and OCR workers; default 1. Node runs the service's JavaScript on one thread, so one
   * process keeps one core busy: on a server, one per core (DEPLOYMENT.md). Needs DATABASE_URL.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  SERVICE_PROCESSES?: number;

  /** Serve Prometheus metrics at GET /metrics, unauthenticated (default true); false leaves the route out. */
  @IsOptional()
  @IsEnum(['true', 'false'], { message: 'METRICS_ENABLED must be true or false' })
  METRICS_ENABLED?: 'true' | 'false';

  /** Largest photo accepted, in pixels (width x height), checked before decoding. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10000)
  @Max(1000000000)
  UPLOAD_MAX_PIXELS?: number;

  /** Requests allowed per token per window; 0 turns rate limiting off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RATE_LIMIT_MAX?: number;

  /** Length of the rate-limit window, in seconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  RATE_LIMIT_WINDOW_SECONDS?: number;
}

/** Validates `process.env`-like input; throws one message naming every bad variable. */
export function validateEnv(raw: Record<string, unknown>): EnvironmentVariables {
  // An empty variable (`PORT=` in a .env file) means "use the default".
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')));
  const env = plainToInstance(EnvironmentVariables, present, { enableImplicitConversion: false });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return env;
}
