import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { routeFor, type IngressRoute } from './chart';
import { openConnections } from './connections';

/**
 * Headers of one connection, not of the request or answer (RFC 9110, 7.6.1): a proxy answers with its own. Passing
 * the gateway's `Keep-Alive: timeout=65` on told clients to keep an idle connection to this proxy for 65 s while it
 * closes one after its own time-out: a client that waited out a `Retry-After: 5` then sent its next request on a
 * connection being closed, and got ECONNRESET (the fault drills, after Kafka's healing).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The hop-by-hop headers and those `connection` (a Connection header's values) names. */
function hopByHop(connection: readonly string[]): Set<string> {
  const named = new Set(HOP_BY_HOP);
  for (const token of connection.flatMap((value) => value.split(','))) named.add(token.trim().toLowerCase());
  return named;
}

/** `raw` (Node's rawHeaders: name, value, name, value…) without the hop-by-hop ones and those Connection names. */
export function endToEndHeaders(raw: readonly string[]): string[] {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  const drop = hopByHop(
    pairs.filter(([name]) => name.toLowerCase() === 'connection').map(([, value]) => value),
  );
  return pairs.filter(([name]) => !drop.has(name.toLowerCase())).flat();
}

/** ingress-nginx's default `keep-alive` (upstream's `keepalive_timeout`): how long an idle client connection stays. */
export const INGRESS_KEEP_ALIVE_MS = 75_000;

/**
 * The rendered Ingress on loopback: each request goes to the Service its path names (Exact, else the longest
 * Prefix, as Kubernetes matches), path unchanged, with the X-Forwarded-* headers an ingress controller adds.
 * Websocket upgrades are passed through. A path no rule matches gets 404; a Service with no ready endpoint gets 503,
 * as ingress-nginx answers it (it routes to the endpoints it knows, not through the Service's address).
 */
export class IngressProxy {
  private server: http.Server;
  private sockets: ReturnType<typeof openConnections>;

  constructor(
    private routes: IngressRoute[],
    private serviceUrl: (service: string) => string,
    private hasReadyEndpoint: (service: string) => boolean = () => true,
  ) {
    this.server = http.createServer((req, res) => this.forward(req, res));
    this.server.keepAliveTimeout = INGRESS_KEEP_ALIVE_MS;
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as net.Socket, head));
    this.sockets = openConnections(this.server);
  }

  async start(port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    // Upgraded (websocket) connections too, which closeAllConnections leaves alone.
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.sockets.destroyAll();
    return closed;
  }

  private target(req: http.IncomingMessage): URL | 'no endpoint' | undefined {
    const route = routeFor(this.routes, new URL(req.url ?? '/', 'http://ingress').pathname);
    if (!route) return undefined;
    if (!this.hasReadyEndpoint(route.service)) return 'no endpoint';
    return new URL(this.serviceUrl(route.service));
  }

  private headers(req: http.IncomingMessage): http.OutgoingHttpHeaders {
    const peer = req.socket.remoteAddress ?? '';
    return {
      ...req.headers,
      'x-forwarded-for': req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${peer}` : peer,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host,
      'x-real-ip': peer,
    };
  }

  /** A request's headers to send on: without the client connection's own (the upstream connection is another). */
  private endToEnd(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
    const connection = headers.connection === undefined ? [] : [String(headers.connection)];
    const drop = hopByHop(connection);
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const target = this.target(req);
    if (!target) {
      res.writeHead(404).end();
      return;
    }
    if (target === 'no endpoint') {
      res.writeHead(503).end();
      return;
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: this.endToEnd(this.headers(req)),
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.rawHeaders));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  }

  private upgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer) {
    const target = this.target(req);
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (target === 'no endpoint') {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = this.headers(req);
      const lines = Object.entries(headers).flatMap(([k, v]) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((one) => `${k}: ${one}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    this.sockets.add(upstream);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
  }
}
