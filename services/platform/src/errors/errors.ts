/** Neutral errors for domain code; the HTTP layer maps `code` to a status. No HTTP types here. */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('invalid', message, details);
  }
}
export class Unauthenticated extends AppError {
  constructor(message = 'Sign in to do that.') {
    super('unauthenticated', message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super('forbidden', message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super('not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}
export class RateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** How long a caller is asked to wait before trying again while a store is unavailable (`Retry-After`, seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * A dependency (a store, a server the request needs) cannot be reached right now: the caller should try again later.
 * The error handler answers it 503 with `Retry-After`; it also answers so any store's connection failure it
 * recognises (`isStoreUnavailable`), so code need not catch and rethrow driver errors.
 */
export class Unavailable extends AppError {
  constructor(
    message = UNAVAILABLE_MESSAGE,
    readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS,
  ) {
    super('unavailable', message);
  }
}
