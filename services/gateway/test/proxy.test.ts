import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { memoryLimiters, MemorySessionStore, proxyTrust, serve, type RunningServer } from '@vellum/platform';
import { createGateway } from '../src/gateway';
import { UNREACHABLE_MESSAGE, type UpstreamPoolOptions } from '../src/http/proxy';

// The proxy to the services (undici): bodies streamed both ways, never held whole; a client that leaves ends its
// upstream call; hop-by-hop and forged headers stay out; connections kept alive and reused.

const logger = pino({ level: 'silent' });
const MB = 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An upstream whose answer each test sets (`handler`), counting its connections. */
async function upstreamServer() {
  const state = { handler: ((_req, res) => res.end('{}')) as Handler, connections: 0 };
  const server = createServer((req, res) => state.handler(req, res));
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startGateway(upstreamUrl: string, upstreamPool?: UpstreamPoolOptions) {
  const gateway = createGateway({
    logger,
    upstreams: { identity: { url: upstreamUrl } },
    ...(upstreamPool && { upstreamPool }),
    sessions: new MemorySessionStore(),
    limiters: memoryLimiters,
    publicUrl: 'http://vellum.test',
    trustProxy: proxyTrust([]),
    sessionSecret: 's'.repeat(32),
    internalAuthSecret: 'i'.repeat(32),
    authRatePerMinute: 1000,
    frontends: { version: '1' },
  });
  const running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
  return { gateway, running };
}

/** A deferred value: what one side saw, awaited by the other. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const collect = (res: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });

describe('the proxy to the services', () => {
  let upstream: Awaited<ReturnType<typeof upstreamServer>>;
  let running: RunningServer;
  let close: () => void;

  beforeAll(async () => {
    upstream = await upstreamServer();
    const started = await startGateway(upstream.url);
    running = started.running;
    close = started.gateway.close;
  });
  afterAll(async () => {
    await running.stop();
    close();
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(`${running.url}${path}`, { method, headers }, (res) =>
        collect(res).then((b) => resolve({ status: res.statusCode!, headers: res.headers, body: b }), reject),
      );
      req.on('error', reject);
      req.end(body);
    });

  it('streams a request body larger than any buffer to the service, which gets it before the client has sent it all', async () => {
    const firstBytes = signal();
    upstream.state.handler = (req, res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstBytes.resolve();
        bytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') })));
    };
    const chunk = Buffer.alloc(MB, 7);
    const total = 32;
    const sent = createHash('sha256');
    const answer = new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        `${running.url}/api/user`,
        { method: 'PUT', headers: { 'content-type': 'application/octet-stream' } },
        (res) =>
          collect(res).then(
            (b) => resolve({ status: res.statusCode!, headers: res.headers, body: b }),
            reject,
          ),
      );
      req.on('error', reject);
      // Half the body, then wait until the service has bytes of it: a proxy holding the body whole would deadlock.
      const send = async () => {
        for (let i = 0; i < total; i++) {
          if (i === total / 2) await firstBytes.promise;
          sent.update(chunk);
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end();
      };
      send().catch(reject);
    });
    const res = await answer;
    expect({ status: res.status, body: JSON.parse(res.body.toString()) }).toEqual({
      status: 200,
      body: { bytes: total * MB, sha256: sent.digest('hex') },
    });
  });

  it('streams a large answer to the client, which gets its start before the service has written the rest', async () => {
    const clientHasStart = signal();
    const chunk = Buffer.alloc(MB, 3);
    const total = 32;
    upstream.state.handler = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < total; i++) {
        if (i === total / 2) await clientHasStart.promise;
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      }
      res.end();
    };
    const received = await new Promise<number>((resolve, reject) => {
      httpRequest(`${running.url}/api/user`, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          clientHasStart.resolve();
        });
        res.on('end', () => resolve(bytes));
      })
        .on('error', reject)
        .end();
    });
    expect(received).toBe(total * MB);
  });

  it('ends the call to the service when the client goes away, before the answer and during it', async () => {
    const arrived = signal();
    const closed = signal<boolean>();
    upstream.state.handler = (_req, res) => {
      arrived.resolve();
      res.on('close', () => closed.resolve(res.writableFinished));
    };
    const req = httpRequest(`${running.url}/api/user`);
    req.on('error', () => {});
    req.end();
    await arrived.promise;
    req.destroy();
    expect(await closed.promise).toBe(false);

    const streaming = signal();
    const streamClosed = signal<boolean>();
    upstream.state.handler = (_req, res) => {
      res.writeHead(200);
      res.write('first piece');
      streaming.resolve();
      res.on('close', () => streamClosed.resolve(res.writableFinished));
    };
    const reading = httpRequest(`${running.url}/api/user`, (res) =>
      res.once('data', () => reading.destroy()),
    );
    reading.on('error', () => {});
    reading.end();
    await streaming.promise;
    expect(await streamClosed.promise).toBe(false);
  });

  it('keeps hop-by-hop and forged headers on their side, both ways, and passes every other header on', async () => {
    let seen: IncomingHttpHeaders = {};
    upstream.state.handler = (req, res) => {
      seen = req.headers;
      res.writeHead(201, [
        'content-type',
        'application/json',
        'connection',
        'x-upstream-hop',
        'x-upstream-hop',
        'secret',
        'keep-alive',
        'timeout=5',
        'set-cookie',
        'a=1; Path=/',
        'set-cookie',
        'b=2; Path=/',
        'x-answer',
        'kept',
      ]);
      res.end('{}');
    };
    const res = await call(
      'POST',
      '/api/signin',
      {
        'content-type': 'application/json',
        connection: 'keep-alive, x-client-hop',
        'x-client-hop': 'secret',
        'keep-alive': 'timeout=1',
        te: 'trailers',
        'proxy-authorization': 'Basic c2VjcmV0',
        'x-vellum-caller': 'v1.forged.token',
        'x-forwarded-for': '198.51.100.1',
        'x-forwarded-host': 'evil.example',
        'x-real-ip': '198.51.100.1',
        forwarded: 'for=198.51.100.1',
        'x-custom': 'end-to-end',
        host: 'vellum.test',
      },
      Buffer.from('{"a":1}'),
    );
    expect(res.status).toBe(201);
    for (const name of [
      'x-client-hop',
      'keep-alive',
      'te',
      'proxy-authorization',
      'x-vellum-caller',
      'x-forwarded-host',
      'x-real-ip',
      'forwarded',
    ]) {
      expect([name, seen[name]]).toEqual([name, undefined]);
    }
    expect(seen).toMatchObject({
      'content-type': 'application/json',
      'content-length': '7',
      'x-custom': 'end-to-end',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      host: 'vellum.test',
    });
    expect(seen['x-request-id']).toBeTruthy();
    expect(res.headers['x-upstream-hop']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers['x-answer']).toBe('kept');
  });

  it('passes answers without a body as they are: HEAD, 204, 304', async () => {
    upstream.state.handler = (req, res) => {
      if (req.method === 'HEAD') res.writeHead(200, { 'content-length': '42' }).end();
      else if (req.url?.includes('none')) res.writeHead(204).end();
      else res.writeHead(304, { etag: '"v1"' }).end();
    };
    const head = await call('HEAD', '/api/user');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '42', 0]);
    expect((await call('GET', '/api/user?none')).status).toBe(204);
    const notModified = await call('GET', '/api/user', { 'if-none-match': '"v1"' });
    expect([notModified.status, notModified.headers.etag]).toEqual([304, '"v1"']);
  });

  it('reuses its connections to the service: fewer connections than calls, at most the pool size at once', async () => {
    upstream.state.handler = (_req, res) => res.end('{}');
    const sequential = upstream.state.connections;
    for (let i = 0; i < 20; i++) expect((await call('GET', '/api/user')).status).toBe(200);
    expect(upstream.state.connections - sequential).toBeLessThanOrEqual(1);

    const small = await upstreamServer();
    small.state.handler = (_req, res) => setImmediate(() => res.end('{}'));
    const { gateway, running: pooled } = await startGateway(small.url, {
      connections: 2,
      keepAliveMs: 60_000,
      timeoutMs: 60_000,
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${pooled.url}/api/user`).then((r) => r.status)),
      );
      expect(statuses).toEqual(Array(30).fill(200));
      expect(small.state.connections).toBeLessThanOrEqual(2);
    } finally {
      await pooled.stop();
      gateway.close();
      small.server.closeAllConnections();
      small.server.close();
    }
  });

  it('sends a safe call once more when its connection closes under it before any answer, and never a call that may change something', async () => {
    let requests = 0;
    // The first request of each pair lands on a connection the service then closes unanswered, as a draining
    // service closes its idle kept-alive connections.
    upstream.state.handler = (req, res) => {
      requests += 1;
      if (requests % 2 === 1) req.socket.destroy();
      else res.end('{"ok":true}');
    };
    const get = await call('GET', '/api/user');
    expect({ status: get.status, body: get.body.toString(), requests }).toEqual({
      status: 200,
      body: '{"ok":true}',
      requests: 2,
    });
    for (const [method, body] of [
      ['POST', Buffer.from('{"title":"x"}')],
      ['DELETE', undefined],
    ] as const) {
      const before = requests;
      const answer = await call(method, '/api/user', { 'content-type': 'application/json' }, body);
      expect({ method, status: answer.status, sent: requests - before }).toEqual({
        method,
        status: 503,
        sent: 1,
      });
      requests += 1; // the next call starts a pair again
    }
  });

  it('answers 503 with Retry-After when the service is down, also to a call with a large body, and when it does not answer in time', async () => {
    const down = await startGateway('http://127.0.0.1:1');
    try {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', Buffer.alloc(4 * MB, 1)],
      ] as const) {
        const answer = await new Promise<Answer>((resolve, reject) => {
          const req = httpRequest(`${down.running.url}/api/user`, { method }, (r) =>
            collect(r).then((b) => resolve({ status: r.statusCode!, headers: r.headers, body: b }), reject),
          );
          req.on('error', reject);
          req.end(body);
        });
        expect({
          method,
          status: answer.status,
          retryAfter: answer.headers['retry-after'],
          body: JSON.parse(answer.body.toString()),
        }).toEqual({
          method,
          status: 503,
          retryAfter: '5',
          body: { error: UNREACHABLE_MESSAGE, code: 'unreachable' },
        });
      }
    } finally {
      await down.running.stop();
      down.gateway.close();
    }

    const silent = await upstreamServer();
    silent.state.handler = () => {};
    const slow = await startGateway(silent.url, { connections: 4, keepAliveMs: 60_000, timeoutMs: 300 });
    try {
      const res = await fetch(`${slow.running.url}/api/user`);
      expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([
        503,
        '5',
        { error: UNREACHABLE_MESSAGE, code: 'unreachable' },
      ]);
    } finally {
      await slow.running.stop();
      slow.gateway.close();
      silent.server.closeAllConnections();
      silent.server.close();
    }
  });
});
