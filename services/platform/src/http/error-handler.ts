import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { fieldMessages } from '@vellum/proto';
import { AppError, RateLimited, Unavailable, type ErrorCode } from '../errors/errors';
import { storedErrorText } from '../errors/error-text';
import { isStoreUnavailable } from '../errors/unavailable';
import { errorBody, errorShapeOf, type ErrorBody } from './error-shape';

/** The HTTP status of each neutral error: the one place the domain's errors meet HTTP. */
export const statusOf: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

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
function clientError(err: HttpError, status: number): { error: string; code: ErrorCode } {
  if (err.type === 'entity.too.large' || status === 413)
    return { error: 'The request body is too large.', code: 'too_large' };
  if (err.type === 'entity.parse.failed')
    return { error: 'The request body is not valid JSON.', code: 'invalid' };
  if (status === 404) return { error: 'Not found.', code: 'not_found' };
  if (status === 403) return { error: 'You are not allowed to do that.', code: 'forbidden' };
  return { error: 'The request could not be read.', code: 'invalid' };
}

/**
 * A store that cannot be reached is no bug to find by an error id: one warning line saying which and why (no stack:
 * an outage would log the same one on every request), and a 503 in the route's shape asking the caller to come back
 * after `Retry-After` seconds.
 */
function answerUnavailable(logger: Logger, err: unknown, req: Request, res: Response): void {
  const unavailable = err instanceof Unavailable ? err : new Unavailable();
  const reason = err instanceof Unavailable && err.cause !== undefined ? err.cause : err;
  const { code } = (reason ?? {}) as { code?: unknown };
  logger.warn(
    { reason: storedErrorText(reason), ...(code !== undefined && { errorCode: code }), url: req.originalUrl },
    'dependency unavailable',
  );
  res.set('Retry-After', String(unavailable.retryAfterSeconds));
  res.status(statusOf.unavailable).json(errorBody(errorShapeOf(res), unavailable.message, unavailable.code));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const shape = errorShapeOf(res);
    if (err instanceof ZodError) {
      const message = err.issues[0]?.message ?? 'The request is not valid.';
      res
        .status(400)
        .json(errorBody(shape, message, 'invalid', undefined, { fieldErrors: fieldMessages(err) }));
      return;
    }
    if (err instanceof Unavailable) {
      answerUnavailable(logger, err, req, res);
      return;
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimited) res.set('Retry-After', String(err.retryAfterSeconds));
      res.status(statusOf[err.code]).json(errorBody(shape, err.message, err.code, undefined, err.details));
      return;
    }
    // A malformed path, body or file request (bad percent-encoding, bad JSON, a missing static file, a refused
    // path) is the client's mistake: answer its 4xx and keep it out of the error log (its message may carry a
    // server path).
    const httpError = (err ?? {}) as HttpError;
    const status = httpError.status ?? httpError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      logger.debug({ status, url: req.originalUrl }, 'client error');
      const { error, code } = clientError(httpError, status);
      res.status(status).json(errorBody(shape, error, code));
      return;
    }
    // After the client's errors: an aborted request body is express's 400 even though its code is ECONNABORTED.
    if (isStoreUnavailable(err)) {
      answerUnavailable(logger, err, req, res);
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, url: req.originalUrl }, 'request failed');
    res.status(500).json(errorBody(shape, 'Something went wrong on our side.', 'internal', errorId));
  };
}
