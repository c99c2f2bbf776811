import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { isLoopbackPeer, type ProxyTrust } from '@vellum/platform';
import { FORWARDING_CLAIMS } from './forwarded-headers';

const direct = new WeakSet<IncomingMessage>();

/**
 * Notes, before the gateway rewrites the forwarding headers, which requests come straight from a person on this
 * machine: a loopback peer that is not a trusted proxy (a reverse proxy on this host makes every client loopback)
 * and that carries no header a proxy adds. Development conveniences (`loopbackOnly` routes) answer only those.
 */
export function noteDirectLocalClients(trust: ProxyTrust): RequestHandler {
  return (req, _res, next) => {
    const peer = req.socket.remoteAddress ?? '';
    const proxied = [...FORWARDING_CLAIMS, 'via'].some((name) => req.headers[name] !== undefined);
    if (isLoopbackPeer(req) && !trust(peer) && !proxied) direct.add(req);
    next();
  };
}

export const isDirectLocalClient = (req: IncomingMessage): boolean => direct.has(req);
