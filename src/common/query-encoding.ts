import { AppError, ErrorCode, ErrorDetail } from './app-error';
import { respondWithError } from './error.filter';

// Express's types by way of respondWithError: 'express' is not a declared dependency of this
// package, and dependency-cruiser flags importing it (as it does in the older middleware).
type Request = Parameters<typeof respondWithError>[0];
type Response = Parameters<typeof respondWithError>[1];

/** The decoded text of one `key` or `value` of a query string, or undefined when it is not percent-encoded UTF-8. */
function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Express middleware refusing a query string whose percent-encoding does not decode to UTF-8
 * (`%E9` from a Latin-1 client, an encoded surrogate, a lone `%`). Express's parser does not
 * refuse them: it turns the bytes into U+FFFD or keeps them as typed, so the route would answer
 * about, and store, text the caller never wrote. Answered here, as the body parsers are, with
 * one detail per parameter.
 */
export function wellFormedQuery(req: Request, res: Response, next: () => void): void {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return next();
  const details: ErrorDetail[] = [];
  for (const pair of req.originalUrl.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decoded(rawKey);
    if (key === undefined || (eq >= 0 && decoded(pair.slice(eq + 1)) === undefined)) {
      const field = key ?? rawKey;
      details.push({ field, message: `${field} is not valid percent-encoded UTF-8 text` });
    }
  }
  if (details.length === 0) return next();
  respondWithError(req, res, new AppError(ErrorCode.ValidationFailed, `Request validation failed: ${details.map((d) => d.field).join(', ')}`, details));
}
