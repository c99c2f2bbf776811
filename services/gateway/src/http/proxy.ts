import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@vellum/platform';

export const UNREACHABLE_MESSAGE =
  'This part of Vellum is not reachable right now. Please try again shortly.';

/** Seconds a client is asked to wait before retrying a call whose upstream could not be reached. */
export const UNREACHABLE_RETRY_AFTER_S = 5;

export interface Proxy {
  handle: RequestHandler;
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
  /** Closes the kept-alive connections to the upstream (after the gateway has drained). */
  close(): void;
}

/** The hop-by-hop headers of the upstream's answer: they describe the gateway's connection to it, not the client's. */
const UPSTREAM_HOP_HEADERS = ['connection', 'keep-alive'];

/**
 * Streams requests (bodies untouched) and websocket upgrades to one upstream base URL, over kept-alive connections.
 * Without an agent http-proxy asks the upstream for `Connection: close` and passes that answer on, so every client
 * connection (browser, ingress) closed after each API call. The idle time-out stays under the services' 65 s
 * keep-alive (platform serve.ts), so the gateway drops an idle connection before the upstream does.
 */
export function proxyTo(target: string, logger: Logger, hooks: { onUnreachable?: () => void } = {}): Proxy {
  const agent = new Agent({ keepAlive: true, timeout: 60_000, scheduling: 'lifo' });
  const middleware = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    agent,
    // The gateway sets X-Forwarded-For and -Proto itself (forwarded-headers.ts); appending would add a second hop.
    xfwd: false,
    ws: false,
    proxyTimeout: 60_000,
    on: {
      proxyRes(proxyRes) {
        for (const name of UPSTREAM_HOP_HEADERS) delete proxyRes.headers[name];
      },
      error(err, _req, res) {
        logger.warn({ err, target }, 'upstream unreachable');
        hooks.onUnreachable?.();
        // 503 and Retry-After, not 502: the upstream has no ready pod for now (killed, restarting, rolled), which a
        // client may retry shortly; the fault drills (load-tests/faults) count any other 5xx as a defect.
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(503, {
            'content-type': 'application/json',
            'retry-after': String(UNREACHABLE_RETRY_AFTER_S),
          });
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
    close: () => agent.destroy(),
  };
}
