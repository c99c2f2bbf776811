import type { RequestHandler, Response } from 'express';

/**
 * How a route's errors look. The spec fixes the shape per call: sign-up, verification and reset answer
 * `{status: 'Error', errorMessage}`, sign-in `{messages: [text]}` (the modal shows the first), the link calls a plain
 * `errorMessage`; every other route answers the platform's own `{error, code}`.
 */
export type ErrorShape = 'error' | 'errorMessage' | 'statusErrorMessage' | 'messages' | 'message';

const SHAPE = 'errorShape';

/** Declares the error shape of the routes it precedes: `router.post('/api/signin', errorShape('messages'), …)`. */
export function errorShape(shape: ErrorShape): RequestHandler {
  return (_req, res, next) => {
    res.locals[SHAPE] = shape;
    next();
  };
}

export const errorShapeOf = (res: Response): ErrorShape =>
  (res.locals[SHAPE] as ErrorShape | undefined) ?? 'error';

/** The platform's own error body: a human message, a stable code, and on a 500 an id to find the log line. */
export interface ErrorBody {
  error: string;
  code: string;
  errorId?: string;
}

/** The body of an error in `shape`; only the platform's own shape carries the code and the error id. */
export function errorBody(shape: ErrorShape, message: string, code: string, errorId?: string): object {
  switch (shape) {
    case 'statusErrorMessage':
      return { status: 'Error', errorMessage: message };
    case 'errorMessage':
      return { errorMessage: message };
    case 'messages':
      return { messages: [message] };
    case 'message':
      return { message };
    default:
      return { error: message, code, ...(errorId && { errorId }) } satisfies ErrorBody;
  }
}
