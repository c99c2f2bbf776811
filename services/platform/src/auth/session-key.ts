import { createHmac } from 'node:crypto';

/**
 * The name a session goes by outside identity and the gateway: HMAC-SHA256 of its id with INTERNAL_AUTH_SECRET,
 * base64url. The id itself is a bearer secret (the cookie's value) and never leaves them; the key cannot be turned
 * back into it. The gateway's caller assertion carries it (a socket joins its session's room with it), and identity's
 * CirrusSignedOut and CirrusSessionsEnded name the sessions that ended by it.
 */
export function sessionKeyOf(sessionId: string, internalAuthSecret: string): string {
  return createHmac('sha256', internalAuthSecret).update(`vellum.session:${sessionId}`).digest('base64url');
}
