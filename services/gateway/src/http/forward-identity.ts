import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import {
  CALLER_HEADER,
  liveSession,
  REQUEST_ID_HEADER,
  requestIdOf,
  sessionIdFromCookies,
  sessionKeyOf,
  signAssertion,
  type SessionLimits,
  type SessionStore,
} from '@vellum/platform';

export interface IdentityForwarding {
  sessions: Pick<SessionStore, 'getSession' | 'markSeen' | 'destroy'>;
  sessionSecret: string;
  internalAuthSecret: string;
  /** The session cookie's name (`sessionCookieName` of the secure flag). */
  cookieName: string;
  /** The idle and absolute time-outs: a session past either is no session (and is destroyed). */
  limits: SessionLimits;
  clock?: () => Date;
}

/**
 * Replaces whatever identity a client claims with the one its session proves: the client's own caller header is
 * always dropped, and a signed, short-lived assertion is added when the session cookie resolves to a cirrus. The
 * assertion names the session by its key (`sessionKeyOf`), never by its id: a socket joins its session's room with
 * it, so that the session's end (identity's CirrusSignedOut) ends that session's sockets only.
 */
export async function applyCallerHeaders(req: IncomingMessage, options: IdentityForwarding): Promise<void> {
  delete req.headers[CALLER_HEADER];
  req.headers[REQUEST_ID_HEADER] = (req as { id?: unknown }).id
    ? String((req as { id?: unknown }).id)
    : requestIdOf(req);
  const sid = sessionIdFromCookies(req.headers.cookie, options.sessionSecret, options.cookieName);
  if (!sid) return;
  const now = options.clock?.() ?? new Date();
  const user = (await liveSession(options.sessions, sid, options.limits, now))?.passport?.user;
  if (!user) return;
  const session = sessionKeyOf(sid, options.internalAuthSecret);
  req.headers[CALLER_HEADER] = signAssertion(
    { id: user.id, username: user.username, session },
    options.internalAuthSecret,
  );
}

export function forwardIdentity(options: IdentityForwarding): RequestHandler {
  return (req, _res, next) => {
    applyCallerHeaders(req, options).then(() => next(), next);
  };
}
