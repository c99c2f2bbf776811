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

interface BodyParserError {
  type?: string;
  status?: number;
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
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      res
        .status(413)
        .json({ error: 'The request body is too large.', code: 'too_large' } satisfies ErrorBody);
      return;
    }
    if (parserError?.type === 'entity.parse.failed') {
      res
        .status(400)
        .json({ error: 'The request body is not valid JSON.', code: 'invalid' } satisfies ErrorBody);
      return;
    }
    if (parserError?.type && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json({ error: 'The request could not be read.', code: 'invalid' });
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, url: req.originalUrl }, 'request failed');
    res
      .status(500)
      .json({ error: 'Something went wrong on our side.', code: 'internal', errorId } satisfies ErrorBody);
  };
}
