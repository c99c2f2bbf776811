import net from 'node:net';
import { openConnections } from './connections';

/** One pod behind a Service: where it listens, and what the readiness probe last said. */
export interface Endpoint {
  id: string;
  port: number;
  ready: boolean;
  terminating: boolean;
  /** Connections opened to it through the Service. */
  connections: number;
  /** Connections through the Service that carried a websocket upgrade request and are still open. */
  websockets: number;
}

/** A chunk that starts a websocket upgrade request (HTTP/1.1 GET with `Upgrade: websocket`). */
const UPGRADE = /^GET [^\r\n]* HTTP\/1\.1\r\n(?:[^\r\n]+\r\n)*?upgrade:[ \t]*websocket[ \t]*\r\n/i;

export interface ReadinessProbe {
  path: string;
  periodMs: number;
  failureThreshold: number;
}

/**
 * A Kubernetes Service on loopback, as kube-proxy makes one: a TCP port that spreads new connections over the
 * endpoints that are ready (their readiness probe answered 2xx) and not terminating. A connection stays with the
 * endpoint it was opened to, whatever happens to that endpoint later, as conntrack keeps it. An endpoint's
 * removal (terminating, or the probe failing `failureThreshold` times in a row) reaches the proxy after
 * `propagationMs`, the time the endpoint controller and kube-proxy take to act on it.
 */
export class ServiceProxy {
  readonly endpoints: Endpoint[] = [];
  private server = net.createServer((client) => this.connect(client));
  private sockets = openConnections(this.server);
  private timers = new Set<NodeJS.Timeout>();
  private next = 0;
  private stopped = false;
  /** Connections refused for want of a ready endpoint. */
  refused = 0;
  /** Connection errors between this Service and its endpoints, with their time. */
  readonly errors: string[] = [];

  constructor(
    readonly name: string,
    private probe: ReadinessProbe,
    private propagationMs = 1000,
  ) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.port;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  ready(): Endpoint[] {
    return this.endpoints.filter((e) => e.ready && !e.terminating);
  }

  /**
   * Adds a pod: probed at once and then every period, like a readiness probe after the startup probe passed. It
   * takes traffic once the first probe answers 2xx; resolves then.
   */
  add(id: string, port: number): Promise<Endpoint> {
    const endpoint: Endpoint = { id, port, ready: false, terminating: false, connections: 0, websockets: 0 };
    this.endpoints.push(endpoint);
    let failures = 0;
    return new Promise((resolve) => {
      const check = async () => {
        if (this.stopped || !this.endpoints.includes(endpoint)) return;
        const ok = await fetch(`http://127.0.0.1:${port}${this.probe.path}`, {
          signal: AbortSignal.timeout(2000),
        }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) {
          failures = 0;
          if (!endpoint.ready) {
            endpoint.ready = true;
            resolve(endpoint);
          }
        } else if (endpoint.ready && ++failures >= this.probe.failureThreshold) {
          if (!endpoint.terminating) {
            this.errors.push(
              `${new Date().toISOString()} ${this.name}: ${id} failed its readiness probe ${failures} times`,
            );
          }
          this.later(() => (endpoint.ready = false), this.propagationMs);
        }
        // Until the first success (the startup probe's phase) look often; then at the readiness period.
        this.later(check, endpoint.ready ? this.probe.periodMs : 200);
      };
      void check();
    });
  }

  /** The pod is being deleted: its endpoint stops taking new connections once the removal has propagated. */
  terminate(id: string): Promise<void> {
    const endpoint = this.endpoints.find((e) => e.id === id);
    if (!endpoint) throw new Error(`${this.name}: no endpoint ${id}`);
    return new Promise((resolve) =>
      this.later(() => {
        endpoint.terminating = true;
        resolve();
      }, this.propagationMs),
    );
  }

  /** The pod is gone. */
  remove(id: string): void {
    const index = this.endpoints.findIndex((e) => e.id === id);
    if (index >= 0) this.endpoints.splice(index, 1);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.sockets.destroyAll();
    await closed;
  }

  private later(fn: () => unknown, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void fn();
    }, ms);
    this.timers.add(timer);
  }

  private connect(client: net.Socket) {
    const ready = this.ready();
    if (ready.length === 0) {
      this.refused += 1;
      this.errors.push(`${new Date().toISOString()} ${this.name}: connection refused, no ready endpoint`);
      client.destroy();
      return;
    }
    const endpoint = ready[this.next++ % ready.length]!;
    endpoint.connections += 1;
    const upstream = net.connect(endpoint.port, '127.0.0.1');
    this.sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      this.errors.push(
        `${new Date().toISOString()} ${this.name} -> ${endpoint.id}: ${error.code ?? error.message}`,
      );
      close();
    });
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
    // A kept-alive connection (the gateway's agent) may carry requests first and an upgrade later.
    const upgrade = (chunk: Buffer) => {
      if (!UPGRADE.test(chunk.toString('latin1'))) return;
      client.off('data', upgrade);
      endpoint.websockets += 1;
      client.once('close', () => (endpoint.websockets -= 1));
    };
    client.on('data', upgrade);
  }
}
