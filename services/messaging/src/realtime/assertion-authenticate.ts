import { CALLER_HEADER, verifyAssertion } from '@vellum/platform';
import type { Authenticate } from './socket-realtime';

/**
 * Distributed mode: the caller the gateway vouched for on the upgrade request (it resolves the session cookie and
 * signs the assertion, dropping any the client sent). No valid assertion, no socket.
 */
export function assertionAuthenticate(secret: string): Authenticate {
  return async (req) => {
    const token = req.headers[CALLER_HEADER];
    if (typeof token !== 'string') return undefined;
    const result = verifyAssertion(token, secret);
    return result.ok ? result.caller : undefined;
  };
}
