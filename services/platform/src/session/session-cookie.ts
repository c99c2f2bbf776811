import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session cookie's name: `__Host-vellum.sid` when the cookie is Secure (PUBLIC_URL is https), so a browser
 * accepts it only with Secure, Path=/ and no Domain, and a sibling subdomain or plain HTTP cannot plant or overwrite
 * it (ASVS 5.0 V3.3); `vellum.sid` otherwise (a browser refuses `__Host-` without Secure).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-vellum.sid' : 'vellum.sid';
}

/**
 * Reads the session id from a `Cookie` header the way express-session signs it (`s:<sid>.<hmac>`), so that the
 * gateway resolves sessions without running the session middleware on every request.
 */
export function sessionIdFromCookies(
  cookieHeader: string | undefined,
  secret: string,
  name: string,
): string | undefined {
  if (!cookieHeader) return undefined;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
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
