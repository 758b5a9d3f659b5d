import { AppError, ErrorCode } from '../common/app-error';

/** The 429 both throttlers answer with: the JSON error shape and Retry-After. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.RateLimited, `Too many requests; retry after ${seconds} s`, [], { retryAfterSeconds: seconds });
}
