import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { endToEndHeaders } from '@vellum/platform';
import { routeFor, type IngressRoute } from './chart';
import { openConnections } from './connections';

/** ingress-nginx's default `keep-alive` (upstream's `keepalive_timeout`): how long an idle client connection stays. */
export const INGRESS_KEEP_ALIVE_MS = 75_000;

/**
 * The rendered Ingress on loopback: each request goes to the Service its path names (Exact, else the longest
 * Prefix, as Kubernetes matches), path unchanged, with the X-Forwarded-* headers an ingress controller adds.
 * Websocket upgrades are passed through. A path no rule matches gets 404; a Service with no ready endpoint gets 503,
 * as ingress-nginx answers it (it routes to the endpoints it knows, not through the Service's address). Like any
 * proxy it passes no hop-by-hop header either way and answers with its own keep-alive: it once passed the gateway's
 * `Keep-Alive: timeout=65` on while closing idle connections after 5 s, and a client that waited out a
 * `Retry-After: 5` sent its next request on a closing connection (ECONNRESET, the fault drills).
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

  private headers(req: http.IncomingMessage): Record<string, string | string[] | undefined> {
    const peer = req.socket.remoteAddress ?? '';
    return {
      ...req.headers,
      'x-forwarded-for': req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${peer}` : peer,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host,
      'x-real-ip': peer,
    };
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
        headers: endToEndHeaders(this.headers(req)),
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
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
