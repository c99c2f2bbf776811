import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The caller as the gateway vouches for it. The gateway resolves the session cookie and sends this to services in
 * the `x-vellum-caller` header, signed with INTERNAL_AUTH_SECRET and valid for a few seconds; services trust nothing
 * else about who is calling.
 */
export interface Caller {
  id: string;
  username: string;
  /**
   * The key of the session the gateway found the caller by (`sessionKeyOf`, never the session id); absent when the
   * assertion was signed without one.
   */
  session?: string;
}

export const CALLER_HEADER = 'x-vellum-caller';
const DEFAULT_TTL_SECONDS = 30;

interface Claims {
  sub: string;
  usr: string;
  /** The session's key, when there is one. */
  ses?: string;
  iat: number;
  exp: number;
}

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const mac = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

export function signAssertion(
  caller: Caller,
  secret: string,
  options: { now?: number; ttlSeconds?: number } = {},
): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const claims: Claims = {
    sub: caller.id,
    usr: caller.username,
    ...(caller.session !== undefined && { ses: caller.session }),
    iat,
    exp: iat + (options.ttlSeconds ?? DEFAULT_TTL_SECONDS),
  };
  const payload = b64(JSON.stringify(claims));
  return `v1.${payload}.${b64(mac(payload, secret))}`;
}

export type AssertionResult = { ok: true; caller: Caller } | { ok: false; reason: string };

export function verifyAssertion(token: string, secret: string, now = Date.now()): AssertionResult {
  const [version, payload, signature] = token.split('.');
  if (version !== 'v1' || !payload || !signature) return { ok: false, reason: 'malformed assertion' };
  const expected = mac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad signature' };
  }
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  } catch {
    return { ok: false, reason: 'malformed assertion' };
  }
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.usr !== 'string' ||
    typeof claims.exp !== 'number' ||
    (claims.ses !== undefined && typeof claims.ses !== 'string')
  ) {
    return { ok: false, reason: 'malformed assertion' };
  }
  if (claims.exp * 1000 < now) return { ok: false, reason: 'expired assertion' };
  const caller: Caller = { id: claims.sub, username: claims.usr };
  if (claims.ses !== undefined) caller.session = claims.ses;
  return { ok: true, caller };
}
