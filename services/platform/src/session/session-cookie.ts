import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'vellum.sid';

/**
 * Reads the session id from a `Cookie` header the way express-session signs it (`s:<sid>.<hmac>`), so that the
 * gateway resolves sessions without running the session middleware on every request.
 */
export function sessionIdFromCookies(cookieHeader: string | undefined, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) return undefined;
  // Any site on the same host name can plant a cookie, so a malformed one is simply no session.
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!value.startsWith('s:')) return undefined;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
}
