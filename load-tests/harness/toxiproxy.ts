import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@vellum/e2e/topology';
import { setTimeout as sleep } from 'node:timers/promises';

export const TOXIPROXY =
  process.env.TOXIPROXY_PATH ?? path.join(os.homedir(), '.cache/vellum/bin/toxiproxy-server');

/**
 * A Toxiproxy server (scripts/servers/go-tools.sh builds it) and the proxies made through its HTTP API: TCP proxies
 * whose traffic can be slowed (a latency toxic) or cut (a timeout toxic of 0: the bytes stop and the connections
 * stay open, as on a network that drops every packet, so a client waits until its own time-out).
 */
export class Toxiproxy {
  private constructor(
    private readonly api: string,
    private readonly child: ChildProcess,
    private readonly output: () => string,
  ) {}

  static async start(): Promise<Toxiproxy> {
    accessSync(TOXIPROXY, constants.X_OK);
    const port = await freePort();
    const child = spawn(TOXIPROXY, ['-host', '127.0.0.1', '-port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
    child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
    const proxy = new Toxiproxy(`http://127.0.0.1:${port}`, child, () => output);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await fetch(`${proxy.api}/version`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return proxy;
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`toxiproxy did not start (exit ${child.exitCode}):\n${output}`);
      }
      await sleep(100);
    }
  }

  private async call(method: string, route: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.api}${route}`, {
      method,
      ...(body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`toxiproxy ${method} ${route}: ${res.status} ${text}\n${this.output()}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** A proxy to `upstream` (host:port) on `listen`, by default a free loopback port: its `host:port`. */
  async proxy(name: string, upstream: string, listen?: string): Promise<string> {
    // A port of its own rather than :0, so that a proxy disabled and enabled again (heal) listens where it did.
    listen ??= `127.0.0.1:${await freePort()}`;
    await this.call('POST', '/proxies', { name, listen, upstream });
    return listen;
  }

  /** Adds `ms` to every chunk each way. */
  async slow(name: string, ms: number): Promise<void> {
    for (const stream of ['upstream', 'downstream'])
      await this.call('POST', `/proxies/${name}/toxics`, {
        name: `slow-${stream}`,
        type: 'latency',
        stream,
        attributes: { latency: ms / 2 },
      });
  }

  /** Drops every byte each way, new connections' too; the connections stay open. */
  async cut(name: string): Promise<void> {
    for (const stream of ['upstream', 'downstream'])
      await this.call('POST', `/proxies/${name}/toxics`, {
        name: `cut-${stream}`,
        type: 'timeout',
        stream,
        attributes: { timeout: 0 },
      });
  }

  /**
   * Back to a healthy network: the connections left from a cut are reset (bytes dropped meanwhile are gone, so each
   * end would have to find it out by a time-out; TCP's keepalive would end them too) and the toxics removed.
   */
  async heal(name: string): Promise<void> {
    const { toxics } = (await this.call('GET', `/proxies/${name}`)) as { toxics: { name: string }[] };
    if (toxics.some((t) => t.name.startsWith('cut-'))) {
      await this.call('POST', `/proxies/${name}`, { enabled: false });
      await this.call('POST', `/proxies/${name}`, { enabled: true });
    }
    for (const toxic of toxics) await this.call('DELETE', `/proxies/${name}/toxics/${toxic.name}`);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
