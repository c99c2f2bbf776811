import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@vellum/platform';

export const UNREACHABLE_MESSAGE =
  'This part of Vellum is not reachable right now. Please try again shortly.';

export interface Proxy {
  handle: RequestHandler;
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
}

/** Streams requests (bodies untouched) and websocket upgrades to one upstream base URL. */
export function proxyTo(target: string, logger: Logger): Proxy {
  const middleware = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    // The gateway sets X-Forwarded-For and -Proto itself (forwarded-headers.ts); appending would add a second hop.
    xfwd: false,
    ws: false,
    proxyTimeout: 60_000,
    on: {
      error(err, _req, res) {
        logger.warn({ err, target }, 'upstream unreachable');
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: UNREACHABLE_MESSAGE, code: 'unreachable' }));
        } else if ('destroy' in res) {
          res.destroy();
        }
      },
    },
  });
  return {
    handle: middleware as unknown as RequestHandler,
    upgrade: (req, socket, head) => middleware.upgrade(req, socket, head),
  };
}
