import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { Pool } from 'undici';
import { endToEndHeaders, httpClientSpan, type Logger } from '@vellum/platform';
import { DEFAULT_UPSTREAM_POOL, type UpstreamPoolOptions } from './upstream-pool';

export { DEFAULT_UPSTREAM_POOL, type UpstreamPoolOptions } from './upstream-pool';

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

interface Hooks {
  onUnreachable?: () => void;
}

/** A request with a body to pass on: one with a length above zero, or chunked. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Methods that change nothing (RFC 9110 §9.2.1), so a second try cannot answer differently for having made the first.
 * DELETE is idempotent too, but a second one after a first that took effect would answer 404.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The connection failed before any answer: closed under the request (a kept-alive one the upstream dropped), reset or refused. */
const CONNECTION_FAILED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

/**
 * Whether a call that failed on its connection is sent once more, on another: a safe one without a body, as nginx's
 * proxy_next_upstream does for its kind. An upstream that drains closes its idle kept-alive connections, and one the
 * gateway picked in that instant fails with nothing answered (the rolling restart met it); a time-out is not
 * retried, the upstream may still be working on it.
 */
function isReplayable(method: string, err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return SAFE.has(method) && typeof code === 'string' && CONNECTION_FAILED.has(code);
}

/**
 * Streams requests (bodies untouched, both ways) to one upstream base URL over a pool of kept-alive connections
 * (undici), and websocket upgrades over http-proxy (undici's upgrade gives up on an answer other than 101, which
 * http-proxy passes on to the client). Hop-by-hop headers stay on their own side. A client that goes away ends its
 * call to the upstream.
 */
export function proxyTo(
  target: string,
  logger: Logger,
  hooks: Hooks = {},
  poolOptions: UpstreamPoolOptions = DEFAULT_UPSTREAM_POOL,
): Proxy {
  const base = new URL(target);
  const prefix = base.pathname.replace(/\/$/, '');
  const pool = new Pool(base.origin, {
    connections: poolOptions.connections,
    keepAliveTimeout: poolOptions.keepAliveMs,
    keepAliveMaxTimeout: poolOptions.keepAliveMs,
    headersTimeout: poolOptions.timeoutMs,
    bodyTimeout: poolOptions.timeoutMs,
  });

  const unreachable = (err: unknown, res: ServerResponse) => {
    logger.warn({ err, target }, 'upstream unreachable');
    hooks.onUnreachable?.();
    // 503 and Retry-After, not 502: the upstream has no ready pod for now (killed, restarting, rolled), which a
    // client may retry shortly; the fault drills (load-tests/faults) count any other 5xx as a defect.
    if (!res.headersSent) {
      res.writeHead(503, {
        'content-type': 'application/json',
        'retry-after': String(UNREACHABLE_RETRY_AFTER_S),
      });
      res.end(JSON.stringify({ error: UNREACHABLE_MESSAGE, code: 'unreachable' }));
    } else {
      res.destroy();
    }
  };

  const handle = (req: Request, res: Response) => {
    const path = prefix + req.originalUrl;
    const headers = endToEndHeaders(req.headers);
    // The client gone before its answer ended: the upstream's call ends too (its connection is not reused).
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    const body = hasBody(req) ? req : null;
    const send = (attempt: number) => {
      const span = httpClientSpan(req.method, new URL(path, base), headers);
      let status: number | undefined;
      pool
        .stream(
          { path, method: req.method as 'GET', headers, body, signal: abort.signal },
          ({ statusCode, headers: answer }) => {
            status = statusCode;
            res.writeHead(statusCode, endToEndHeaders(answer));
            return res;
          },
        )
        .then(
          () => {
            res.off('close', onClose);
            span.end(status);
          },
          (err: unknown) => {
            span.end(status, err);
            if (abort.signal.aborted) return;
            if (attempt === 0 && status === undefined && body === null && isReplayable(req.method, err))
              return send(1);
            unreachable(err, res);
          },
        );
    };
    send(0);
  };

  const agent = new Agent({ keepAlive: true, timeout: poolOptions.keepAliveMs });
  const upgrades = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    agent,
    // The gateway sets X-Forwarded-For and -Proto itself (forwarded-headers.ts); appending would add a second hop.
    xfwd: false,
    ws: false,
    on: {
      error(err, _req, socket) {
        if ('writeHead' in socket) return unreachable(err, socket);
        logger.warn({ err, target }, 'upstream unreachable');
        hooks.onUnreachable?.();
        socket.destroy();
      },
    },
  });
  return {
    handle: handle as RequestHandler,
    upgrade: (req, socket, head) => upgrades.upgrade(req, socket, head),
    close: () => {
      void pool.destroy();
      agent.destroy();
    },
  };
}
