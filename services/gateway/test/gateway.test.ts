import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, createServer, IncomingMessage, request as httpRequest, type Server } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type session from 'express-session';
import {
  memoryLimiters,
  MemorySessionStore,
  proxyTrust,
  serve,
  sessionKeyOf,
  verifyAssertion,
  type RunningServer,
} from '@vellum/platform';
import { createGateway } from '../src/gateway';

const logger = pino({ level: 'silent' });
const sessionSecret = 's'.repeat(32);
const internalAuthSecret = 'i'.repeat(32);
const user = { id: '6a0d2c4e-1111-4222-8333-444455556666', username: 'ada' };
/** The caller the gateway vouches for: the session named by its key, never by its id. */
const asserted = { ...user, session: sessionKeyOf('sid-1', internalAuthSecret) };

/** An upstream that answers with what it received, and echoes bytes on an upgraded socket. */
async function echoUpstream(): Promise<{ server: Server; url: string; upgraded: Set<Socket> }> {
  const upgraded = new Set<Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  server.on('upgrade', (req, socket: Socket) => {
    upgraded.add(socket);
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `X-Saw-Caller: ${req.headers['x-vellum-caller'] ? 'yes' : 'no'}\r\n\r\n`,
    );
    socket.on('data', (data) => socket.write(Buffer.concat([Buffer.from('echo:'), data])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, upgraded };
}

/** Counts the TCP connections a server accepts from now on. */
function countConnections(server: Server) {
  let count = 0;
  const onConnection = () => (count += 1);
  server.on('connection', onConnection);
  return { count: () => count, stop: () => server.off('connection', onConnection) };
}

// The gateway below serves an https PUBLIC_URL: its session cookie has the __Host- prefix.
const signedCookie = (sid: string, name = '__Host-vellum.sid') =>
  `${name}=${encodeURIComponent(`s:${sid}.${createHmac('sha256', sessionSecret).update(sid).digest('base64').replace(/=+$/, '')}`)}`;

describe('gateway', () => {
  let upstream: Awaited<ReturnType<typeof echoUpstream>>;
  let running: RunningServer;
  let callerOfUpgrade: ReturnType<typeof createGateway>['callerOfUpgrade'];
  const sessions = new MemorySessionStore();
  const clock = { now: new Date() };

  beforeAll(async () => {
    upstream = await echoUpstream();
    const shellDir = mkdtempSync(path.join(tmpdir(), 'shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Vellum</title>');
    const gateway = createGateway({
      logger,
      upstreams: {
        identity: { url: upstream.url },
        messaging: { url: upstream.url },
        social: { url: 'http://127.0.0.1:1' },
      },
      sessions,
      limiters: memoryLimiters,
      publicUrl: 'https://vellum.example.com',
      // As in production: a TLS-terminating ingress (here, this test) is the trusted proxy in front.
      trustProxy: proxyTrust(['loopback']),
      sessionSecret,
      internalAuthSecret,
      sessionLimits: { idleMs: 30 * 60_000, absoluteMs: 24 * 3_600_000 },
      clock: () => clock.now,
      authRatePerMinute: 100,
      frontends: {
        shellDir,
        remoteUrls: { editor: 'https://cdn.example.com/editor/mf-manifest.json' },
        version: '24.10.0',
      },
      routes: [
        { service: 'identity', pattern: /^\/api\/sc$|^\/api\/signin$/ },
        { service: 'social', pattern: /^\/api\/search$/ },
        { service: 'vellum', pattern: /^\/api\/vellums$/ },
        { service: 'messaging', pattern: /^\/socket\.io\//, websocket: true },
        { service: 'messaging', pattern: /^\/messenger\/vellum\/[^/]+$/, apiOnly: true },
      ],
    });
    callerOfUpgrade = gateway.callerOfUpgrade;
    running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
    gateway.attachUpgrades(running.server);
    sessions.set('sid-1', {
      cookie: { originalMaxAge: 60_000 },
      passport: { user },
    } as unknown as session.SessionData);
  });

  afterAll(async () => {
    await running.stop();
    for (const socket of upstream.upgraded) socket.destroy();
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  const viaIngress = { 'x-forwarded-proto': 'https' };
  const echo = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(running.url + path, {
      ...init,
      headers: { ...viaIngress, ...(init.headers as Record<string, string>) },
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, any>,
    };
  };

  it('drops a client-sent identity header and forwards the session as a signed assertion', async () => {
    const anonymous = await echo('/api/sc', { headers: { 'x-vellum-caller': 'v1.forged.token' } });
    expect(anonymous.body.headers['x-vellum-caller']).toBeUndefined();
    expect(anonymous.body.headers['x-request-id']).toBeTruthy();

    const signedIn = await echo('/api/sc', { headers: { cookie: signedCookie('sid-1') } });
    const assertion = signedIn.body.headers['x-vellum-caller'] as string;
    expect(verifyAssertion(assertion, internalAuthSecret)).toEqual({ ok: true, caller: asserted });
    expect(Buffer.from(assertion.split('.')[1]!, 'base64url').toString()).not.toContain('sid-1');

    const forgedCookie = await echo('/api/sc', { headers: { cookie: '__Host-vellum.sid=s%3Asid-1.bad' } });
    expect(forgedCookie.body.headers['x-vellum-caller']).toBeUndefined();
  });

  it('reads the session only from the __Host- cookie behind https: a plain vellum.sid is no session', async () => {
    const plain = await echo('/api/sc', { headers: { cookie: signedCookie('sid-1', 'vellum.sid') } });
    expect(plain.body.headers['x-vellum-caller']).toBeUndefined();
  });

  it('treats an idle or too old session as no caller, destroys it, and writes lastSeenAt once a minute', async () => {
    const start = Date.parse('2026-05-01T08:00:00Z');
    const put = (sid: string, createdAt: number, lastSeenAt: number) =>
      new Promise<void>((resolve) =>
        sessions.set(
          sid,
          { cookie: { originalMaxAge: 60_000 }, passport: { user }, createdAt, lastSeenAt } as never,
          () => resolve(),
        ),
      );
    const callerWith = async (sid: string) =>
      (await echo('/api/sc', { headers: { cookie: signedCookie(sid) } })).body.headers['x-vellum-caller'];

    await put('sid-idle', start, start);
    await put('sid-old', start - 24 * 3_600_000 + 60_000, start);
    await put('sid-busy', start, start);
    const markSeen = jest.spyOn(sessions, 'markSeen');
    clock.now = new Date(start + 29 * 60_000);
    expect(await callerWith('sid-busy')).toBeDefined();
    expect(await callerWith('sid-busy')).toBeDefined();
    expect(markSeen).toHaveBeenCalledTimes(1);
    expect((await sessions.getSession('sid-busy'))?.lastSeenAt).toBe(clock.now.getTime());
    clock.now = new Date(start + 29 * 60_000 + 30_000);
    expect(await callerWith('sid-busy')).toBeDefined();
    expect(markSeen).toHaveBeenCalledTimes(1);

    clock.now = new Date(start + 30 * 60_000);
    expect(await callerWith('sid-idle')).toBeUndefined();
    expect(await sessions.getSession('sid-idle')).toBeNull();
    expect(await callerWith('sid-old')).toBeUndefined();
    expect(await sessions.getSession('sid-old')).toBeNull();
    expect(await callerWith('sid-busy')).toBeDefined();
    markSeen.mockRestore();
    clock.now = new Date();
  });

  it('keeps the client connection and its own connection to the service alive across API calls', async () => {
    const upstreamConnections = countConnections(upstream.server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ connection: string | undefined; keepAlive: string | undefined; socket: Socket }>(
        (resolve, reject) => {
          const req = httpRequest(`${running.url}/api/sc`, { agent, headers: viaIngress }, (res) => {
            res.resume();
            res.on('end', () =>
              resolve({
                connection: res.headers.connection,
                keepAlive: String(res.headers['keep-alive'] ?? ''),
                socket: req.socket!,
              }),
            );
          });
          req.on('error', reject);
          req.end();
        },
      );
    try {
      const answers = [await get(), await get(), await get()];
      expect(answers.map((a) => a.connection)).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
      // The upstream's own keep-alive hint is about the gateway's connection to it, not the client's.
      expect(answers[0]!.keepAlive).not.toBe('timeout=5');
      expect(new Set(answers.map((a) => a.socket)).size).toBe(1);
      // At most one new connection: the gateway may still hold one from an earlier call.
      expect(upstreamConnections.count()).toBeLessThanOrEqual(1);
    } finally {
      upstreamConnections.stop();
      agent.destroy();
    }
  });

  it('streams request bodies to the service untouched', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'Pass word 1' });
    const res = await echo('/api/signin', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.body.body).toBe(body);
    expect(res.body.headers['x-forwarded-for']).toBeTruthy();
  });

  it('answers 503 with Retry-After when a service is unreachable, and 503 when it is not deployed', async () => {
    const unreachable = await echo('/api/search');
    expect(unreachable).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'unreachable' } });
    expect(await echo('/api/vellums')).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  });

  it('refuses state-changing requests from another origin and accepts its own', async () => {
    const foreign = await echo('/api/signin', {
      method: 'POST',
      body: '{}',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const own = await echo('/api/signin', {
      method: 'POST',
      body: '{}',
      headers: { origin: 'https://vellum.example.com' },
    });
    expect(own.status).toBe(200);
  });

  it('serves /config.json with the remotes and the shell for page paths', async () => {
    expect((await echo('/config.json')).body).toEqual({
      remotes: { editor: 'https://cdn.example.com/editor/mf-manifest.json' },
      version: '24.10.0',
    });
    const page = await fetch(`${running.url}/cirrus/ada/vellums`, {
      headers: { ...viaIngress, accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Vellum</title>');
    const api = await fetch(`${running.url}/api/unknown`, {
      headers: { ...viaIngress, accept: 'text/html' },
    });
    expect(api.status).toBe(404);
  });

  it('proxies websocket upgrades with the caller asserted', async () => {
    const reply = await new Promise<{ sawCaller: string | undefined; echoed: string }>((resolve, reject) => {
      const req = httpRequest(`${running.url}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          cookie: signedCookie('sid-1'),
          'x-vellum-caller': 'forged',
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.once('data', (data) => {
          resolve({ sawCaller: res.headers['x-saw-caller'] as string, echoed: data.toString() });
          socket.destroy();
        });
        socket.write('ping');
      });
      req.on('error', reject);
      req.end();
    });
    expect(reply).toEqual({ sawCaller: 'yes', echoed: 'echo:ping' });
  });

  it('refuses a proxied upgrade from any origin but the public one, whatever Host the client names', async () => {
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number | 'upgraded'>((resolve, reject) => {
        const req = httpRequest(`${running.url}/socket.io/?EIO=4&transport=websocket`, {
          headers: { connection: 'Upgrade', upgrade: 'websocket', cookie: signedCookie('sid-1'), ...headers },
        });
        req.on('upgrade', (_res, socket) => {
          socket.destroy();
          resolve('upgraded');
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await upgrade({ origin: 'https://vellum.example.com' })).toBe('upgraded');
    expect(await upgrade({ host: 'evil.example', origin: 'http://evil.example' })).toBe(403);
    expect(await upgrade({ host: 'evil.example', origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({ origin: 'https://evil.example' })).toBe(403);
  });

  it("gives a browser navigating to an API-only path the shell's page, and the API client (JSON) the service", async () => {
    const path = '/messenger/vellum/0be7e0c4-0000-4000-8000-000000000000';
    // node:http, as fetch replaces the Sec-Fetch-* headers with its own.
    const page = (headers: Record<string, string>) =>
      new Promise<{ status?: number; type?: string; body: string }>((resolve, reject) => {
        const req = httpRequest(running.url + path, { headers: { ...viaIngress, ...headers } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
        });
        req.on('error', reject);
        req.end();
      });
    const navigations: Array<Record<string, string>> = [
      { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      { accept: '*/*', 'sec-fetch-mode': 'navigate' },
    ];
    for (const headers of navigations) {
      const res = await page(headers);
      expect({ headers, status: res.status, type: res.type }).toEqual({
        headers,
        status: 200,
        type: expect.stringContaining('text/html'),
      });
      expect(res.body).toContain('<title>Vellum</title>');
    }
    // The API client asks for JSON (`api` of @vellum/ui); a fetch without Accept, a POST: the service answers.
    for (const init of [
      { headers: { accept: 'application/json' } },
      {},
      {
        method: 'POST',
        body: '{}',
        headers: { 'sec-fetch-mode': 'navigate', origin: 'https://vellum.example.com' },
      },
    ]) {
      const res = await echo(path, init as RequestInit);
      expect({ init, url: res.body.url }).toEqual({ init, url: path });
    }
  });

  it('tells an in-process websocket service who opens a socket: the session, from its own origin only', async () => {
    const upgrade = (headers: Record<string, string>) => {
      const req = new IncomingMessage(new Socket());
      req.headers = { host: 'vellum.example.com', ...headers };
      return callerOfUpgrade(req);
    };
    expect(await upgrade({ cookie: signedCookie('sid-1') })).toEqual(asserted);
    expect(await upgrade({ cookie: signedCookie('sid-1'), origin: 'https://vellum.example.com' })).toEqual(
      asserted,
    );
    expect(await upgrade({ cookie: signedCookie('sid-1'), origin: 'https://evil.example' })).toBeUndefined();
    // A forged Host makes no origin the product's own: only PUBLIC_URL's origin is.
    for (const origin of ['http://evil.example', 'https://evil.example']) {
      expect(await upgrade({ cookie: signedCookie('sid-1'), host: 'evil.example', origin })).toBeUndefined();
    }
    expect(await upgrade({ cookie: '__Host-vellum.sid=s%3Asid-1.bad' })).toBeUndefined();
    expect(await upgrade({ 'x-vellum-caller': 'v1.forged.token' })).toBeUndefined();
    expect(await upgrade({})).toBeUndefined();
  });
});
