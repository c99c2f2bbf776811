import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  memoryLimiters,
  MemorySessionStore,
  proxyTrust,
  serve,
  type ProxyTrust,
  type RunningServer,
} from '@vellum/platform';
import { createGateway } from '../src/gateway';

// What an attacker's probe found at the gateway (issue 12): forged forwarding headers, the dev mailbox reachable from
// the network, a malformed cookie answered 500, /mf/<remote>/ answering 500, and an https site answering over HTTP.

const logger = pino({ level: 'silent' });

/** Answers with the method, path and headers it received. */
async function echoUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Makes every connection to `server` look as if it came from `address` (another machine). */
function pretendPeer(server: Server, address: string): () => void {
  const onConnection = (socket: Socket) =>
    Object.defineProperty(socket, 'remoteAddress', { value: address, configurable: true });
  server.prependListener('connection', onConnection);
  return () => server.off('connection', onConnection);
}

interface Started {
  running: RunningServer;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  post(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

async function startGateway(
  upstreamUrl: string,
  options: { publicUrl?: string; trustProxy?: ProxyTrust; perMinute?: number; remoteDir?: string } = {},
): Promise<Started> {
  const gateway = createGateway({
    logger,
    upstreams: { identity: { url: upstreamUrl } },
    sessions: new MemorySessionStore(),
    limiters: memoryLimiters,
    publicUrl: options.publicUrl ?? 'http://vellum.test',
    sessionSecret: 's'.repeat(32),
    internalAuthSecret: 'i'.repeat(32),
    authRatePerMinute: options.perMinute ?? 1000,
    trustProxy: options.trustProxy,
    frontends: { version: '24.10.0', remoteDirs: options.remoteDir ? { editor: options.remoteDir } : {} },
  });
  const running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
  const call = async (method: string, p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(running.url + p, { method, headers, redirect: 'manual' });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as any, headers: res.headers };
  };
  return {
    running,
    get: (p, headers) => call('GET', p, headers),
    post: (p, headers) => call('POST', p, { 'content-type': 'application/json', ...headers }),
  };
}

describe('gateway hardening', () => {
  let upstream: Awaited<ReturnType<typeof echoUpstream>>;
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    upstream = await echoUpstream();
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
  });
  const start = async (options: Parameters<typeof startGateway>[1] = {}) => {
    const started = await startGateway(upstream.url, options);
    stops.push(() => started.running.stop());
    return started;
  };

  it('keys rate limits on the socket peer: a rotating X-Forwarded-For buys no extra guesses', async () => {
    const gateway = await start({ perMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await gateway.post('/api/signin', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('answers a 429 in the error shape of the route it limits, one body each, with Retry-After', async () => {
    const gateway = await start({ perMinute: 1 });
    const message = 'Too many attempts. Please wait a minute and try again.';
    const shapes: Array<[string, object]> = [
      ['/api/signin', { messages: [message] }],
      ['/api/cirrus/create', { status: 'Error', errorMessage: message }],
      ['/api/verification/email', { status: 'Error', errorMessage: message }],
      ['/api/password-reset/send', { status: 'Error', errorMessage: message }],
    ];
    for (const [path, body] of shapes) {
      expect((await gateway.post(path)).status).toBe(200);
      const limited = await gateway.post(path);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual(body);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("believes X-Forwarded-For only from a proxy named in configuration, and passes on the gateway's finding", async () => {
    const behindIngress = await start({ perMinute: 3, trustProxy: proxyTrust(['loopback']) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await behindIngress.post('/api/signin', { 'x-forwarded-for': `203.0.113.${i}` })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const seen = (await behindIngress.get('/api/sc', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }))
      .body;
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');

    const direct = await start();
    const forged = await direct.get('/api/sc', {
      'x-forwarded-for': '198.51.100.1',
      'x-forwarded-proto': 'https',
      'x-real-ip': '198.51.100.1',
      forwarded: 'for=198.51.100.1',
    });
    expect(forged.body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(forged.body.headers['x-forwarded-proto']).toBe('http');
    expect(forged.body.headers['x-real-ip']).toBeUndefined();
    expect(forged.body.headers.forwarded).toBeUndefined();
  });

  it('answers the dev mailbox only to a direct client of this machine, whatever the forwarded headers claim', async () => {
    const gateway = await start();
    expect((await gateway.get('/dev/mailbox')).status).toBe(200);
    // A proxy's client on the same host: any forwarding header means someone else is behind this loopback peer.
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded', 'via', 'x-forwarded-host']) {
      const proxied = await gateway.get('/dev/mailbox', {
        [header]: header === 'forwarded' ? 'for=1.2.3.4' : '1.2.3.4',
      });
      expect([header, proxied.status]).toEqual([header, 404]);
    }
    const restore = pretendPeer(gateway.running.server, '192.0.2.77');
    try {
      const remote = await gateway.get('/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' });
      expect(remote.status).toBe(404);
    } finally {
      restore();
    }
  });

  // Issue 23, defect 1: nginx on the same host made every client loopback, and its X-Forwarded-For was believed for
  // the rate limits but not for the mailbox, which handed a victim's reset link to anyone.
  it('never answers the dev mailbox through a reverse proxy on the same host (TRUSTED_PROXIES=loopback)', async () => {
    const gateway = await start({ trustProxy: proxyTrust(['loopback']) });
    expect(
      (await gateway.get('/dev/mailbox?to=victim@example.com', { 'x-forwarded-for': '203.0.113.7' })).status,
    ).toBe(404);
    // The proxy itself is no person at this machine either, even without the header.
    expect((await gateway.get('/dev/mailbox')).status).toBe(404);
  });

  it('treats a malformed session cookie as no session, not as a 500', async () => {
    const gateway = await start();
    const res = await gateway.get('/api/sc', { cookie: 'vellum.sid=%ZZ' });
    expect(res.status).toBe(200);
    expect(res.body.headers['x-vellum-caller']).toBeUndefined();
  });

  it('answers a missing file, a directory and a refused path under /mf/<remote>/ with 404 or 403', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remote-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    mkdirSync(path.join(dir, 'static'));
    const gateway = await start({ remoteDir: dir });
    expect((await gateway.get('/mf/editor/mf-manifest.json')).status).toBe(200);
    expect((await gateway.get('/mf/editor/nope.js')).status).toBe(404);
    expect((await gateway.get('/mf/editor/static/')).status).toBe(404);
    expect((await gateway.get('/mf/editor/')).status).toBe(404);
    // Sent as written: a URL string would have its dot segments resolved before sending.
    const traversal = await new Promise<number>((resolve, reject) => {
      const target = { host: '127.0.0.1', port: gateway.running.port };
      httpRequest({ ...target, path: '/mf/editor/%2e%2e/%2e%2e/etc/passwd' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
    expect(traversal).toBe(403);
  });

  describe('with an https PUBLIC_URL', () => {
    it('sends plain-HTTP pages to HTTPS and refuses plain-HTTP API calls instead of signing in without a cookie', async () => {
      const gateway = await start({ publicUrl: 'https://vellum.example.com' });
      const page = await gateway.get('/cirrus/ada?tab=1');
      expect(page.status).toBe(308);
      expect(page.headers.get('location')).toBe('https://vellum.example.com/cirrus/ada?tab=1');
      const sneaky = await gateway.get('//evil.example/x');
      expect(new URL(sneaky.headers.get('location')!).host).toBe('vellum.example.com');
      const signIn = await gateway.post('/api/signin');
      expect(signIn.status).toBe(403);
      expect(signIn.body).toMatchObject({ code: 'https_required' });
      expect(signIn.body.error).toContain('https://vellum.example.com');
      expect((await gateway.get('/healthz')).status).toBe(200);
    });

    it('serves HTTPS requests from the trusted ingress, with HSTS, and only from it', async () => {
      const gateway = await start({
        publicUrl: 'https://vellum.example.com',
        trustProxy: proxyTrust(['loopback']),
      });
      const res = await gateway.get('/api/sc', { 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age/);
      const untrusted = await start({ publicUrl: 'https://vellum.example.com' });
      expect((await untrusted.get('/api/sc', { 'x-forwarded-proto': 'https' })).status).toBe(308);
    });
  });

  it('proxies a websocket upgrade with the forwarded headers it found, not the ones claimed', async () => {
    const seen = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const ws = createServer();
      ws.on('upgrade', (req, socket: Socket) => {
        resolve(req.headers);
        socket.destroy();
      });
      ws.listen(0, '127.0.0.1', async () => {
        const gateway = createGateway({
          logger,
          upstreams: { messaging: { url: `http://127.0.0.1:${(ws.address() as AddressInfo).port}` } },
          sessions: new MemorySessionStore(),
          limiters: memoryLimiters,
          publicUrl: 'http://vellum.test',
          sessionSecret: 's'.repeat(32),
          internalAuthSecret: 'i'.repeat(32),
          authRatePerMinute: 10,
          frontends: { version: '1' },
        });
        const running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
        gateway.attachUpgrades(running.server);
        stops.push(async () => {
          await running.stop();
          ws.close();
        });
        const req = httpRequest(`${running.url}/socket.io/?EIO=4&transport=websocket`, {
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'x-forwarded-for': '198.51.100.1',
            'x-forwarded-proto': 'https',
          },
        });
        req.on('error', () => {});
        req.on('close', () => {});
        req.end();
      });
      setTimeout(() => reject(new Error('no upgrade reached the service')), 5000).unref();
    });
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('http');
  });
});
