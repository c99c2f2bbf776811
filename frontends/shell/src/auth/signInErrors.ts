import { isApiError } from '@vellum/ui/core';

/** Spec section 8: shown when sign-in fails and the server supplies no message of its own. */
export const SIGN_IN_FAILED = 'Incorrect signin credentials.';

/** The text the identity service sends for an unverified account; it alone earns the Verify Email link. */
export const NOT_VERIFIED = "This Cirrus' email hasn't been verified.";

export function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status !== 0 && error.body !== undefined) {
    const body = error.body as { messages?: unknown; errorMessage?: unknown; error?: unknown };
    if (body.messages || body.errorMessage || body.error) return error.message;
  }
  return SIGN_IN_FAILED;
}
