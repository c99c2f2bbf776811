import type { RequestHandler, Response } from 'express';

/**
 * How a route's errors look. The spec fixes the shape per call: sign-up, verification and reset answer
 * `{status: 'Error', errorMessage}`, sign-in `{messages: [text]}` (the modal shows the first), the link calls a plain
 * `errorMessage`; every other route answers the platform's own `{error, code}`. A form's call may declare
 * `fieldErrors`: the platform's shape plus `fieldErrors`, each refused field's first message by its name (empty for
 * an error that is not about one field), so the form says under each field why it was refused.
 */
export type ErrorShape =
  'error' | 'errorMessage' | 'statusErrorMessage' | 'messages' | 'message' | 'fieldErrors';

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
  /** Only in the `fieldErrors` shape. */
  fieldErrors?: Record<string, string>;
}

/**
 * The body of an error in `shape`. Only the platform's own shapes carry the code; every shape carries the `errorId`
 * of a 500, so the person who reports it can point to its log line. `details` are the error's (`Invalid`'s
 * `fieldErrors`), shown by the `fieldErrors` shape alone.
 */
export function errorBody(
  shape: ErrorShape,
  message: string,
  code: string,
  errorId?: string,
  details?: Record<string, unknown>,
): object {
  const id = errorId ? { errorId } : {};
  switch (shape) {
    case 'fieldErrors':
      return { error: message, code, fieldErrors: fieldErrorsOf(details), ...id } satisfies ErrorBody;
    case 'statusErrorMessage':
      return { status: 'Error', errorMessage: message, ...id };
    case 'errorMessage':
      return { errorMessage: message, ...id };
    case 'messages':
      return { messages: [message], ...id };
    case 'message':
      return { message, ...id };
    default:
      return { error: message, code, ...id } satisfies ErrorBody;
  }
}

function fieldErrorsOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const fields = details?.fieldErrors;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
