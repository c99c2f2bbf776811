import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { z } from 'zod';
import pino from 'pino';
import {
  createHttpApp,
  errorHandler,
  healthRouter,
  READINESS_CHECK_TIMEOUT_MS,
  Conflict,
  NotFound,
  notFoundHandler,
  serve,
} from '../../src';

const logger = pino({ level: 'silent' });

function app() {
  const a = createHttpApp({ logger, bodyLimit: '1kb' });
  a.use(healthRouter({ db: async () => true }, () => false));
  a.post('/echo', (req, res) => {
    res.json(z.object({ name: z.string().min(1, 'Give a name.') }).parse(req.body));
  });
  a.get('/missing', () => {
    throw new NotFound('No such vellum.');
  });
  a.get('/conflict', () => {
    throw new Conflict('Already there.');
  });
  a.get('/boom', () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  a.use(notFoundHandler);
  a.use(errorHandler(logger));
  return a;
}

describe('http bootstrap', () => {
  it('turns validation errors into 400 with the human message', async () => {
    const res = await request(app()).post('/echo').send({ name: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Give a name.', code: 'invalid' });
  });

  it('maps neutral errors to statuses', async () => {
    expect((await request(app()).get('/missing')).body).toEqual({
      error: 'No such vellum.',
      code: 'not_found',
    });
    expect((await request(app()).get('/conflict')).status).toBe(409);
  });

  it('answers 500 with an error id and no stack', async () => {
    const res = await request(app()).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it("leaves the browser's security headers to the gateway when a service asks so", async () => {
    const service = createHttpApp({ logger, browserHeaders: false });
    service.get('/x', (_req, res) => {
      res.json({});
    });
    const res = await request(service).get('/x');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('logs one line per request with its id, method, path, status and time, and no header', async () => {
    const lines: Array<Record<string, any>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logged = createHttpApp({ logger: pino({ level: 'info' }, sink) });
    logged.get('/x', (_req, res) => {
      res.json({});
    });
    await request(logged).get('/x?a=1').set('cookie', 'vellum.sid=secret').set('x-request-id', 'req-9');
    const line = lines.find((l) => l.req);
    expect(line).toMatchObject({
      req: { id: 'req-9', method: 'GET', url: '/x?a=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(line!.req.headers).toBeUndefined();
  });

  it('refuses oversized and malformed bodies', async () => {
    const big = await request(app())
      .post('/echo')
      .send({ name: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    const bad = await request(app()).post('/echo').set('content-type', 'application/json').send('{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The request body is not valid JSON.');
  });

  it("sets helmet's headers as helmet itself sets them on each answer (read once at start)", async () => {
    const ours = (await request(app()).get('/nope')).headers;
    const bare = express();
    bare.disable('x-powered-by');
    bare.use(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            frameSrc: ["'none'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: false,
      }),
    );
    bare.use((_req, res) => res.status(404).end());
    const helmets = (await request(bare).get('/nope')).headers;
    const names = Object.keys(helmets).filter((n) => !['date', 'connection', 'content-length'].includes(n));
    expect(names.length).toBeGreaterThan(8);
    for (const name of names) expect([name, ours[name]]).toEqual([name, helmets[name]]);
  });

  it('answers unknown paths with JSON 404, sets security headers and a request id', async () => {
    const res = await request(app()).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found.', code: 'not_found' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    const kept = await request(app()).get('/nope').set('x-request-id', 'req-123');
    expect(kept.headers['x-request-id']).toBe('req-123');
  });

  it("lets a CDN-hosted remote's origin in for its manifest, scripts and styles, and nothing else", async () => {
    const a = createHttpApp({ logger, scriptOrigins: ['https://cdn.example.com'] });
    a.get('/page', (_req, res) => void res.type('html').send('<p>the shell</p>'));
    const csp = String((await request(a).get('/page')).headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'style-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://cdn\\.example\\.com`));
    }
    expect(csp).not.toMatch(/img-src [^;]*cdn|frame-src [^;]*cdn|default-src [^;]*cdn/);
  });

  it('frames nothing unless told which origins (the product says which, not the platform)', async () => {
    const csp = async (a: ReturnType<typeof createHttpApp>) => {
      a.get('/page', (_req, res) => void res.type('html').send('<p>a page</p>'));
      return String((await request(a).get('/page')).headers['content-security-policy']);
    };
    expect(await csp(createHttpApp({ logger }))).toContain("frame-src 'none'");
    const framing = await csp(createHttpApp({ logger, frameOrigins: ['https://video.example'] }));
    expect(framing).toContain('frame-src https://video.example;');
  });

  it("answers express's own client errors with their 4xx, never a 500, and logs no server path", async () => {
    const lines: string[] = [];
    const spy = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const dir = mkdtempSync(path.join(tmpdir(), 'static-'));
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'a.js'), 'ok');
    const a = createHttpApp({ logger: spy });
    a.get('/api/cirrus/:name', (req, res) => void res.json({ name: req.params.name }));
    a.use('/mf/editor', express.static(dir, { index: false, fallthrough: false }));
    a.use(notFoundHandler);
    a.use(errorHandler(spy));
    expect((await request(a).get('/api/cirrus/%ZZ')).status).toBe(400);
    expect((await request(a).get('/mf/editor/a.js')).status).toBe(200);
    for (const [url, status] of [
      ['/mf/editor/missing.js', 404],
      ['/mf/editor/sub/', 404],
      ['/mf/editor/%2e%2e/%2e%2e/etc/passwd', 403],
      ['/mf/editor/.env', 404],
    ] as const) {
      const res = await request(a).get(url);
      expect([url, res.status]).toEqual([url, status]);
      expect(res.body.code).toBeDefined();
    }
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.join('\n')).not.toContain(dir);
  });

  it('reports readiness from its checks', async () => {
    expect((await request(app()).get('/readyz')).body).toEqual({ status: 'ready', checks: { db: 'ok' } });
    const down = createHttpApp({ logger });
    down.use(healthRouter({ db: async () => false }, () => false));
    expect((await request(down).get('/readyz')).status).toBe(503);
  });

  it('counts a check that does not answer as down, and names it, before the probe would give up', async () => {
    const stuck = createHttpApp({ logger });
    stuck.use(
      healthRouter({ db: async () => true, bus: () => new Promise<boolean>(() => undefined) }, () => false),
    );
    const answer = await request(stuck).get('/readyz');
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { db: 'ok', bus: 'down' } },
    });
    // The chart's readiness probe waits 2 s (charts/vellum-lib/templates/_defaults.tpl).
    expect(READINESS_CHECK_TIMEOUT_MS).toBeLessThan(2000);
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then runs the closers', async () => {
    const a = createHttpApp({ logger });
    a.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ done: true }), 300);
    });
    const closed: string[] = [];
    const running = await serve(a, {
      port: 0,
      host: '127.0.0.1',
      logger,
      closers: [async () => void closed.push('pool'), async () => void closed.push('consumers')],
    });
    const inFlight = fetch(`${running.url}/slow`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = running.stop();
    expect(running.isDraining()).toBe(true);
    expect(await inFlight).toEqual({ done: true });
    await stopped;
    expect(closed).toEqual(['consumers', 'pool']);
    await expect(fetch(`${running.url}/slow`)).rejects.toThrow();
  });

  it('answers with Connection: close while draining, so a keep-alive client does not reuse the connection', async () => {
    const a = createHttpApp({ logger });
    a.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ done: true }), 300);
    });
    const running = await serve(a, { port: 0, host: '127.0.0.1', logger });
    const agent = new http.Agent({ keepAlive: true });
    const get = () =>
      new Promise<string | undefined>((resolve, reject) => {
        http
          .get(`${running.url}/slow`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers.connection));
          })
          .on('error', reject);
      });
    expect(await get()).toBe('keep-alive');
    const inFlight = get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = running.stop();
    expect(await inFlight).toBe('close');
    await stopped;
    agent.destroy();
  });

  it("on SIGTERM keeps a connection that has just answered open for the client's next request, and closes the quiet ones at once", async () => {
    const a = createHttpApp({ logger });
    a.get('/fast', (_req, res) => res.json({ ok: true }));
    const running = await serve(a, { port: 0, host: '127.0.0.1', logger });
    /** A raw keep-alive connection: each `get` writes one request and resolves with the answer's head. */
    const connect = async () => {
      const socket = net.connect(running.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const get = () =>
        new Promise<string>((resolve, reject) => {
          let head = '';
          const onData = (chunk: Buffer) => {
            head += chunk.toString();
            if (!head.includes('{"ok":true}')) return;
            socket.off('data', onData);
            resolve(head);
          };
          socket.on('data', onData);
          socket.once('error', reject);
          socket.write('GET /fast HTTP/1.1\r\nHost: vellum.test\r\n\r\n');
        });
      return { socket, get };
    };
    const quiet = await connect();
    expect(await quiet.get()).toMatch(/connection: keep-alive/i);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const busy = await connect();
    expect(await busy.get()).toMatch(/connection: keep-alive/i);

    const stopped = running.stop({ idleGraceMs: 300 });
    await new Promise((resolve) => quiet.socket.once('close', resolve));
    expect(busy.socket.readableEnded).toBe(false);
    const last = await busy.get();
    expect(last).toMatch(/^HTTP\/1.1 200/);
    expect(last).toMatch(/connection: close/i);
    await stopped;
    expect(busy.socket.readableEnded || busy.socket.destroyed).toBe(true);
  });
});
