import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { AppError, ErrorCode } from './app-error';
import { HTTP_STATUS_BY_CODE, HttpErrorCode } from './error-http';
import { respondWithError } from './error.filter';
import { REQUEST_ID_HEADER } from './request-id';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' };

/** What Node's HTTP parser refused, as one of the service's error codes and a message. */
function describeClientError(code: string | undefined): { code: HttpErrorCode; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: ErrorCode.RequestTimeout, message: 'The request was not received completely within the request timeout' };
    case 'HPE_HEADER_OVERFLOW':
      return { code: ErrorCode.HeadersTooLarge, message: 'The request line and headers are larger than 16 KB' };
    default:
      return { code: ErrorCode.MalformedBody, message: 'The request is not valid HTTP' };
  }
}

/**
 * Requests Node refuses before any route sees them (headers too large, a request that took too
 * long, broken HTTP) get the same JSON error shape instead of Node's bare status line.
 */
export function answerClientErrorsWithJson(server: Server): void {
  // Unheard, Node answers an Expect other than 100-continue itself: 417 and no body at all. RFC
  // 9110 (10.1.1) lets a server ignore an expectation it does not know, so the request is served
  // as if it had none, and its answer, error or not, is the service's own.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  // Node answers an HTTP/1.1 request without a Host header itself, with a bare 400 and no body;
  // hostHeaderMiddleware refuses it instead, in the JSON shape and with a request id.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const headersSent = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || headersSent) {
      socket.destroy();
      return;
    }
    const { code, message } = describeClientError(err.code);
    const status = HTTP_STATUS_BY_CODE[code];
    const requestId = randomUUID();
    const body = JSON.stringify({ statusCode: status, error: code, message, details: [], requestId });
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${REQUEST_ID_HEADER}: ${requestId}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/**
 * An HTTP/1.1 request must name its Host (RFC 9112, 3.2) and is refused with 400 without one, as
 * Node would, but in the service's JSON error shape. Needs answerClientErrorsWithJson, which
 * turns Node's own bodiless refusal off.
 */
export function hostHeaderMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.httpVersionMajor === 1 && req.httpVersionMinor === 1 && req.headers.host === undefined) {
    res.setHeader('Connection', 'close');
    respondWithError(
      req,
      res,
      new AppError(ErrorCode.MalformedBody, 'An HTTP/1.1 request must carry a Host header', [{ field: 'Host', message: 'Host header is required' }]),
    );
    return;
  }
  next();
}
