import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  isDraining(): boolean;
  /**
   * Stops accepting, lets in-flight requests finish (up to the drain time-out), then runs the closers. A kept-alive
   * connection that answered within `idleGraceMs` (default 0) is left open that long for the client's next request,
   * which is answered with `Connection: close`, rather than closed under a request the client may be sending.
   */
  stop(options?: { idleGraceMs?: number }): Promise<void>;
}

export interface ServeOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** Called in reverse order after the server has drained: consumers, relays, pools. */
  closers?: Array<() => Promise<void>>;
  drainTimeoutMs?: number;
  /** A client must send its whole request (headers and body) within this time, or get 408 (default 30 s). */
  requestTimeoutMs?: number;
  /** ... and its headers within this one (default 10 s): a slow or stalled client cannot hold a connection. */
  headersTimeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * On SIGTERM, how long a kept-alive connection that has just answered stays open for the client's next request.
 * Closing it at once races with a request the client sends on it at that instant: the request is lost on the way
 * and, when it may change something, the client cannot send it again (the rolling restart met it). A connection
 * idle this long is closed; one in use closes after its next answer.
 */
export const SIGTERM_IDLE_GRACE_MS = 1_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

export async function serve(
  handler: RequestListener,
  options: ServeOptions,
  isDrainingRef: { draining: boolean } = { draining: false },
): Promise<RunningServer> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // Node checks the two time-outs on this period (30 s by default), which would let a stalled request live
      // up to 30 s past its time-out.
      connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
    },
    handler,
  );
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // A draining server's answers say `Connection: close` (and the socket closes after them), so a keep-alive client
  // never sends a next request on a connection the drain then closes: that request would be lost on the way.
  // Answers started before the drain are caught by `open`, the ones after by the draining flag.
  const open = new Set<ServerResponse>();
  /** Each connection: how many answers it is writing, and when it last finished one (or opened). */
  const uses = new Map<Socket, { answering: number; lastAnswerAt: number }>();
  server.on('connection', (socket: Socket) => {
    uses.set(socket, { answering: 0, lastAnswerAt: Date.now() });
    socket.once('close', () => uses.delete(socket));
  });
  server.prependListener('request', (req, res: ServerResponse) => {
    const use = uses.get(req.socket as Socket);
    if (use) {
      use.answering += 1;
      res.once('close', () => {
        use.answering -= 1;
        use.lastAnswerAt = Date.now();
      });
    }
    if (isDrainingRef.draining) {
      res.shouldKeepAlive = false;
      return;
    }
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  // Upgraded (websocket) sockets are no longer requests: end them on stop so clients reconnect elsewhere.
  const upgraded = new Set<Duplex>();
  server.prependListener('upgrade', (_req, socket: Duplex) => {
    uses.delete(socket as Socket);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  let stopping: Promise<void> | undefined;

  /** Closes the connections idle for `graceMs`; resolves when none younger is left, or after `graceMs`. */
  const closeQuietConnections = async (graceMs: number) => {
    const until = Date.now() + graceMs;
    for (;;) {
      const now = Date.now();
      for (const [socket, use] of uses)
        if (use.answering === 0 && now - use.lastAnswerAt >= graceMs) socket.destroy();
      if (uses.size === 0 || now >= until) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = ({ idleGraceMs = 0 }: { idleGraceMs?: number } = {}) =>
    (stopping ??= (async () => {
      isDrainingRef.draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      for (const socket of upgraded) socket.end();
      // Still accepting meanwhile: a pod that has left its Service gets no new connections, and one that comes is
      // answered with Connection: close.
      if (idleGraceMs > 0) await closeQuietConnections(idleGraceMs);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections go idle as their last response ends; close each as soon as it does.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      void closed.then(() => clearInterval(sweep));
      const timeout = new Promise<void>((resolve) =>
        setTimeout(() => {
          options.logger.warn('drain time-out reached, closing remaining connections');
          clearInterval(sweep);
          server.closeAllConnections();
          resolve();
        }, options.drainTimeoutMs ?? 10_000).unref(),
      );
      await Promise.race([closed, timeout]);
      for (const close of [...(options.closers ?? [])].reverse()) {
        await close().catch((err: unknown) => options.logger.error({ err }, 'close failed'));
      }
    })());

  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    isDraining: () => isDrainingRef.draining,
    stop,
  };
}

/** SIGTERM / SIGINT: drain and exit 0; a second signal exits at once. */
export function exitOnSignals(running: Pick<RunningServer, 'stop'>, logger: Logger): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(1);
    received = true;
    logger.info({ signal }, 'shutting down: draining requests');
    running.stop({ idleGraceMs: SIGTERM_IDLE_GRACE_MS }).then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
