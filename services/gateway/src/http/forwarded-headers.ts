import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { clientAddressOf, type ProxyTrust } from '@vellum/platform';

/** Headers a client could use to claim another address, host or scheme. */
export const FORWARDING_CLAIMS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
];

/**
 * Replaces whatever forwarding headers arrived with the gateway's own finding: the services behind it see the client
 * address and scheme the gateway believes (only the proxies in TRUSTED_PROXIES are believed), never a client's claim.
 */
export function setForwardedHeaders(req: IncomingMessage, client: { ip: string; protocol: string }): void {
  for (const name of FORWARDING_CLAIMS) delete req.headers[name];
  req.headers['x-forwarded-for'] = client.ip;
  req.headers['x-forwarded-proto'] = client.protocol;
}

export const forwardedHeaders: RequestHandler = (req, _res, next) => {
  setForwardedHeaders(req, { ip: req.ip ?? req.socket.remoteAddress ?? '', protocol: req.protocol });
  next();
};

/** The same finding for a websocket upgrade, which express never sees. */
export function upgradeClient(req: IncomingMessage, trust: ProxyTrust): { ip: string; protocol: string } {
  const peer = req.socket.remoteAddress ?? '';
  const claimed = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim();
  const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  return {
    ip: clientAddressOf(req, trust),
    protocol: trust(peer) && claimed ? claimed : encrypted ? 'https' : 'http',
  };
}
