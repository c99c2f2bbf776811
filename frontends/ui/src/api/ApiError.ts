/** A failed API call: the HTTP status (0 when the network failed) and the server's human message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * The message a server put in an error body. The services answer in three shapes: sign-in gives a list
 * (`messages`, the first is shown), sign-up and the token calls give `errorMessage`, everything else `error`.
 */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { messages, errorMessage, error } = body as Record<string, unknown>;
  if (Array.isArray(messages) && typeof messages[0] === 'string' && messages[0]) return messages[0];
  if (typeof errorMessage === 'string' && errorMessage) return errorMessage;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
