import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { AppError, RateLimited, statusOf } from '../errors/errors';

/** Every error body has this shape: a human message, a stable code, and on a 500 an id to find the log line. */
export interface ErrorBody {
  error: string;
  code: string;
  errorId?: string;
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found.', code: 'not_found' } satisfies ErrorBody);
};

/** Errors thrown by express itself and its body parser, router and static server (`http-errors`). */
interface HttpError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** What a client error raised by express itself (not by our code) is answered with. */
function clientErrorBody(err: HttpError, status: number): ErrorBody {
  if (err.type === 'entity.too.large' || status === 413)
    return { error: 'The request body is too large.', code: 'too_large' };
  if (err.type === 'entity.parse.failed')
    return { error: 'The request body is not valid JSON.', code: 'invalid' };
  if (status === 404) return { error: 'Not found.', code: 'not_found' };
  if (status === 403) return { error: 'You are not allowed to do that.', code: 'forbidden' };
  return { error: 'The request could not be read.', code: 'invalid' };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (err instanceof ZodError) {
      const message = err.issues[0]?.message ?? 'The request is not valid.';
      res.status(400).json({ error: message, code: 'invalid' } satisfies ErrorBody);
      return;
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimited) res.set('Retry-After', String(err.retryAfterSeconds));
      res.status(statusOf[err.code]).json({ error: err.message, code: err.code } satisfies ErrorBody);
      return;
    }
    // A malformed path, body or file request (bad percent-encoding, bad JSON, a missing static file, a refused
    // path) is the client's mistake: answer its 4xx and keep it out of the error log (its message may carry a
    // server path).
    const httpError = (err ?? {}) as HttpError;
    const status = httpError.status ?? httpError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      logger.debug({ status, url: req.originalUrl }, 'client error');
      res.status(status).json(clientErrorBody(httpError, status));
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, url: req.originalUrl }, 'request failed');
    res
      .status(500)
      .json({ error: 'Something went wrong on our side.', code: 'internal', errorId } satisfies ErrorBody);
  };
}
