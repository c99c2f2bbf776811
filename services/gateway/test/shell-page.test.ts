import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { memoryLimiters, MemorySessionStore, proxyTrust, serve, type RunningServer } from '@vellum/platform';
import { gatewayEnv } from '../src/config';
import { createGateway } from '../src/gateway';
import { routeTable } from '../src/routes';
import { UNREACHABLE_MESSAGE } from '../src/http/proxy';
import { requiredGatewayEnv } from './support/required-env';

// Distributed mode: the Ingress sends /messenger/... to the gateway, which routes the spec's conversation vellum calls
// to messaging and asks the shell's server (SHELL_URL) for the page of every navigation there.

const logger = pino({ level: 'silent' });
const SHELL_CSP = "default-src 'self';connect-src 'self' wss://vellum.example.com";

interface Fake {
  server: Server;
  url: string;
  seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders }>;
  connections: () => number;
}

/** A server that records what reached it and answers with `answer`. */
async function fakeServer(answer: (res: ServerResponse) => void): Promise<Fake> {
  const seen: Fake['seen'] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    req.resume().on('end', () => answer(res));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, seen, connections: () => connections };
}

/** The shell's nginx: index.html for every path, with its own security and caching headers. */
const shellAnswer = (res: ServerResponse) =>
  res
    .writeHead(200, {
      'content-type': 'text/html',
      'content-security-policy': SHELL_CSP,
      'cache-control': 'no-cache',
      'x-frame-options': 'SAMEORIGIN',
    })
    .end('<!doctype html><title>Vellum shell</title>');

const messagingAnswer = (res: ServerResponse) =>
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"errorMessage":"Not Found"}');

/** node:http, as fetch replaces the Sec-Fetch-* headers with its own. */
function get(base: string, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status?: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    // As behind the TLS-terminating Ingress (the trusted proxy in front).
    const sent = { 'x-forwarded-proto': 'https', ...headers };
    const req = httpRequest(base + path, { method, headers: sent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{"content":"x"}' : undefined);
  });
}

const NAVIGATE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };
const JSON_CALL = { accept: 'application/json' };
const VELLUM_CALL = '/messenger/0be7e0c4-0000-4000-8000-000000000000/vellum/ada';

async function startGateway(shellUrl: string, messagingUrl: string, identityUrl: string) {
  const gateway = createGateway({
    logger,
    upstreams: { messaging: { url: messagingUrl }, identity: { url: identityUrl } },
    sessions: new MemorySessionStore(),
    limiters: memoryLimiters,
    publicUrl: 'https://vellum.example.com',
    trustProxy: proxyTrust(['loopback']),
    sessionSecret: 's'.repeat(32),
    internalAuthSecret: 'i'.repeat(32),
    authRatePerMinute: 100,
    frontends: { shellUrl, version: '24.10.0' },
    routes: routeTable,
  });
  const running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
  return { gateway, running };
}

describe('the gateway with the shell on its own server (SHELL_URL)', () => {
  let shell: Fake;
  let messaging: Fake;
  let identity: Fake;
  let running: RunningServer;

  beforeAll(async () => {
    [shell, messaging, identity] = await Promise.all([
      fakeServer(shellAnswer),
      fakeServer(messagingAnswer),
      fakeServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')),
    ]);
    ({ running } = await startGateway(shell.url, messaging.url, identity.url));
  });

  afterAll(async () => {
    await running.stop();
    for (const fake of [shell, messaging, identity]) {
      fake.server.closeAllConnections();
      fake.server.close();
    }
  });

  beforeEach(() => {
    for (const fake of [shell, messaging, identity]) fake.seen.length = 0;
  });

  it("answers a navigation on the messenger's paths with the shell's page and headers, over a kept-alive connection", async () => {
    const before = shell.connections();
    const paths = [
      VELLUM_CALL,
      '/messenger/vellum/0be7e0c4-0000-4000-8000-000000000000',
      '/messenger',
      '/messenger/c-42',
    ];
    for (const path of paths) {
      const res = await get(running.url, path, { ...NAVIGATE, host: 'vellum.example.com' });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 200,
        body: '<!doctype html><title>Vellum shell</title>',
      });
      // The shell's own headers replace the gateway's (whose CSP differs from SHELL_CSP).
      expect(res.headers['content-security-policy']).toBe(SHELL_CSP);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // The shell got each path as asked, for the public host (its CSP names it), with no caller assertion.
    expect(shell.seen.map((s) => s.url)).toEqual(paths);
    for (const { headers, method } of shell.seen) {
      expect({ method, host: headers.host, caller: headers['x-vellum-caller'] }).toEqual({
        method: 'GET',
        host: 'vellum.example.com',
        caller: undefined,
      });
    }
    expect(messaging.seen).toEqual([]);
    expect(shell.connections() - before).toBe(1);
  });

  it('takes a navigation by its Accept alone (no Sec-Fetch-Mode) and a HEAD as well', async () => {
    const byAccept = await get(running.url, VELLUM_CALL, { accept: 'text/html' });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers['content-security-policy']).toBe(SHELL_CSP);
    const head = await get(running.url, VELLUM_CALL, NAVIGATE, 'HEAD');
    expect(head.status).toBe(200);
    expect(shell.seen.map((s) => s.method)).toEqual(['GET', 'HEAD']);
    expect(messaging.seen).toEqual([]);
  });

  it("sends the spec's conversation vellum calls (JSON, no Accept, a POST) to messaging, never to the shell", async () => {
    const calls: Array<[string, Record<string, string>, string]> = [
      [VELLUM_CALL, JSON_CALL, 'GET'],
      [VELLUM_CALL, {}, 'GET'],
      [
        '/messenger/vellum/0be7e0c4-0000-4000-8000-000000000000',
        { ...NAVIGATE, 'content-type': 'application/json', origin: 'https://vellum.example.com' },
        'POST',
      ],
    ];
    for (const [path, headers, method] of calls) {
      const res = await get(running.url, path, headers, method);
      expect({ path, method, status: res.status, body: JSON.parse(res.body) }).toEqual({
        path,
        method,
        status: 404,
        body: { errorMessage: 'Not Found' },
      });
    }
    expect(messaging.seen.map((s) => [s.method, s.url])).toEqual(
      calls.map(([path, , method]) => [method, path]),
    );
    expect(shell.seen).toEqual([]);
  });

  it("gives a script's JSON call to a page-only path 404, and a navigation to a service's path the service", async () => {
    const res = await get(running.url, '/messenger/c-42', JSON_CALL);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    // Only apiOnly paths are shared with pages: /api/... stays the service's whatever the client asks.
    const api = await get(running.url, '/api/sc', NAVIGATE);
    expect({ status: api.status, body: api.body }).toEqual({ status: 200, body: '{"ok":true}' });
    expect(identity.seen.map((s) => s.url)).toEqual(['/api/sc']);
    expect(shell.seen).toEqual([]);
  });

  it('answers 503 with Retry-After and a clear message when the shell is unreachable', async () => {
    const { gateway, running: down } = await startGateway('http://127.0.0.1:1', messaging.url, identity.url);
    try {
      const res = await get(down.url, '/messenger', NAVIGATE);
      expect({
        status: res.status,
        retryAfter: res.headers['retry-after'],
        body: JSON.parse(res.body),
      }).toEqual({
        status: 503,
        retryAfter: '5',
        body: { error: UNREACHABLE_MESSAGE, code: 'unreachable' },
      });
    } finally {
      await down.stop();
      gateway.close();
    }
  });
});

describe('SHELL_URL in the environment', () => {
  const required = requiredGatewayEnv;

  it('is read as a URL, and refused beside SHELL_DIR or when not a URL', () => {
    expect(gatewayEnv.parse({ ...required, SHELL_URL: 'http://shell:8080' }).SHELL_URL).toBe(
      'http://shell:8080',
    );
    const both = gatewayEnv.safeParse({
      ...required,
      SHELL_URL: 'http://shell:8080',
      SHELL_DIR: '/srv/shell',
    });
    expect(both.success ? [] : both.error.issues.map((i) => i.message)).toEqual([
      'set SHELL_DIR (the shell served by the gateway) or SHELL_URL (the shell served elsewhere), not both',
    ]);
    expect(gatewayEnv.safeParse({ ...required, SHELL_URL: 'shell\u0000:8080' }).success).toBe(false);
  });
});
