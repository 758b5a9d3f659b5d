import { AppError, ErrorCode } from '../common/app-error';

/**
 * Recognizes errors that mean "the database cannot be reached right now" (stopped, restarting,
 * unreachable, overloaded or too slow), as opposed to a bug or a bad query. Such errors become
 * DatabaseUnavailableError (answered with 503 and Retry-After); everything else stays a 500.
 */

/** Seconds a client is told to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception) and 57P
 * (operator intervention: admin_shutdown, crash_shutdown, cannot_connect_now, ...), plus too
 * many connections and statement_timeout's query_canceled.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P..|53300|57014)$/;

/** Socket errors of a connection to the server that failed, broke or timed out. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** Errors node-postgres and its pool raise themselves (they carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  /** TypeORM's QueryFailedError keeps the driver's error here. */
  driverError?: unknown;
}

function isUnavailable(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (code && NETWORK_CODES.has(code)) return true;
  // A Unix socket that is gone (the server stopped and removed it), not any missing file.
  if (code === 'ENOENT' && error.syscall === 'connect') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return DRIVER_MESSAGES.some((known) => message.startsWith(known));
}

/** True when `error` (or the driver error a TypeORM error wraps) means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as ErrorLike;
  if (isUnavailable(candidate)) return true;
  const driverError = candidate.driverError;
  return typeof driverError === 'object' && driverError !== null && isUnavailable(driverError as ErrorLike);
}

/** The database cannot be reached right now: an outage the client can wait out, not a bug. */
export class DatabaseUnavailableError extends AppError {
  declare readonly code: ErrorCode.DatabaseUnavailable;

  constructor(cause?: unknown) {
    // The driver's message names hosts, sockets and SQL: it stays in the log (via `cause`), not in the answer.
    super(
      ErrorCode.DatabaseUnavailable,
      'The database is unavailable; retry in a few seconds',
      [],
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      { cause },
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * For the error filter: the domain error for a driver or TypeORM error that means the database is
 * unavailable, undefined for any other error. The driver errors surface wherever a query runs, so
 * they are recognized once at the edge instead of being wrapped at every query.
 */
export function recognizeDatabaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableError(error) : undefined;
}
