import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { Redis } from 'ioredis';
import { connectMongo } from '@vellum/platform-mongo';
import { createPgDb } from '@vellum/platform-postgres';
import { RedisSessionStore, redisOptions } from '@vellum/platform-redis';
import {
  createHttpApp,
  errorHandler,
  errorShape,
  healthRouter,
  notFoundHandler,
  READINESS_CHECK_TIMEOUT_MS,
  Unavailable,
  UNAVAILABLE_MESSAGE,
  type Db,
  type ReadinessCheck,
} from '../../src';
import { closedPort, postgresThatStops, silentServer, type FakeServer } from '../support/unreachable-stores';

/** Every log line, parsed. */
function capturedLogger() {
  const lines: Array<Record<string, any>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A service's app as `mountService` builds it, its routes reading `db` in the platform's shape and the sign-in's. */
function appOver(db: Db, logger = pino({ level: 'silent' })) {
  const app = createHttpApp({ logger, browserHeaders: false });
  app.get('/api/things', async (_req, res) => {
    const { rows } = await db.query('SELECT 1 AS one');
    res.json(rows);
  });
  app.post('/api/things', async (_req, res) => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things DEFAULT VALUES');
    });
    res.status(201).json({});
  });
  app.post('/api/signin', errorShape('messages'), async (_req, res) => {
    await db.query('SELECT 1');
    res.json({});
  });
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

/** `call` answered, and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
}

function expectUnavailable(res: request.Response) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).toEqual({ error: UNAVAILABLE_MESSAGE, code: 'unavailable' });
}

describe('a store that cannot be reached', () => {
  let port: number;
  const servers: FakeServer[] = [];
  const dbs: Db[] = [];
  const server = async (made: Promise<FakeServer>) => {
    const started = await made;
    servers.push(started);
    return started;
  };
  const pgAt = (
    serverPort: number,
    options: { connectionTimeoutMs?: number; queryTimeoutMs?: number } = {},
  ) => {
    const db = createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${serverPort}/db`, ...options });
    dbs.push(db);
    return db;
  };
  beforeAll(async () => {
    port = await closedPort();
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    for (const started of servers) await started.close();
  });

  describe('Postgres refusing connections (a closed port)', () => {
    it('answers 503 with Retry-After in the error shape at once, never a 500 with an error id', async () => {
      const { logger, lines } = capturedLogger();
      const app = appOver(pgAt(port), logger);
      const { answer: res, ms } = await timed(() => request(app).get('/api/things'));
      expectUnavailable(res);
      expect(ms).toBeLessThan(2000);
      expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at |errorId/);
      expectUnavailable(await request(app).post('/api/things'));
      // Once at warn, with the reason, never at error level (no stack, no error id: an outage is no bug).
      expect(lines.filter((l) => l.msg === 'dependency unavailable')).toHaveLength(2);
      expect(lines.find((l) => l.msg === 'dependency unavailable')).toMatchObject({
        level: 40,
        errorCode: 'ECONNREFUSED',
        reason: expect.stringContaining('ECONNREFUSED'),
        url: '/api/things',
      });
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain('"stack"');
    });

    it("answers in the route's declared error shape", async () => {
      const res = await request(appOver(pgAt(port)))
        .post('/api/signin')
        .send({});
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ messages: [UNAVAILABLE_MESSAGE] });
    });
  });

  describe('Postgres accepting connections and never answering (a hang)', () => {
    it('answers 503 once the connection time-out is up, a request never waiting for ever', async () => {
      const silent = await server(silentServer());
      const app = appOver(pgAt(silent.port, { connectionTimeoutMs: 500 }));
      const [read, write] = await Promise.all([
        timed(() => request(app).get('/api/things')),
        timed(() => request(app).post('/api/things')),
      ]);
      for (const { answer, ms } of [read, write]) {
        expectUnavailable(answer);
        expect(ms).toBeGreaterThanOrEqual(400);
        expect(ms).toBeLessThan(3000);
      }
      expect(silent.connections()).toBeGreaterThan(0);
    });

    it('gives up with 503 on a connection that goes silent after connecting, within the query time-out', async () => {
      const silent = await server(postgresThatStops('silent'));
      const app = appOver(pgAt(silent.port, { queryTimeoutMs: 1000 }));
      // The client waits the server's statement time-out and a second of grace: 2 s, then drops the connection.
      const read = await timed(() => request(app).get('/api/things'));
      expectUnavailable(read.answer);
      expect(read.ms).toBeGreaterThanOrEqual(1900);
      expect(read.ms).toBeLessThan(4000);
      // A transaction on it waits once, not again for a ROLLBACK on the dead connection.
      const write = await timed(() => request(app).post('/api/things'));
      expectUnavailable(write.answer);
      expect(write.ms).toBeLessThan(3500);
    });

    it('answers 503 when the server hangs up under the query', async () => {
      const hangingUp = await server(postgresThatStops('hang up'));
      const app = appOver(pgAt(hangingUp.port));
      expectUnavailable(await request(app).get('/api/things'));
      expectUnavailable(await request(app).post('/api/things'));
    });
  });

  describe('Redis', () => {
    it('answers 503 when the session store cannot reach Redis, refusing connections or silent', async () => {
      const silent = await server(silentServer());
      const refusing = new Redis(`redis://127.0.0.1:${port}`, redisOptions);
      // The product's command time-out is 5 s; shorter here to keep the test short.
      const hung = new Redis(`redis://127.0.0.1:${silent.port}`, { ...redisOptions, commandTimeout: 500 });
      const app = createHttpApp({ logger: pino({ level: 'silent' }) });
      for (const [path, redis] of [
        ['/refusing', refusing],
        ['/hung', hung],
      ] as const) {
        redis.on('error', () => {});
        const sessions = new RedisSessionStore(redis);
        app.get(path, async (_req, res) => void res.json(await sessions.getSession('sid')));
      }
      app.use(errorHandler(pino({ level: 'silent' })));
      try {
        const refused = await timed(() => request(app).get('/refusing'));
        expectUnavailable(refused.answer);
        expect(refused.ms).toBeLessThan(3000);
        const timedOut = await timed(() => request(app).get('/hung'));
        expectUnavailable(timedOut.answer);
        expect(timedOut.ms).toBeLessThan(3000);
      } finally {
        refusing.disconnect();
        hung.disconnect();
      }
    });

    it("gives up on a silent Redis within the product's command time-out", async () => {
      expect(redisOptions.commandTimeout).toBeLessThanOrEqual(5000);
      const silent = await server(silentServer());
      const redis = new Redis(`redis://127.0.0.1:${silent.port}`, redisOptions);
      redis.on('error', () => {});
      const app = express();
      app.get(
        '/session',
        async (_req, res) => void res.json(await new RedisSessionStore(redis).getSession('s')),
      );
      app.use(errorHandler(pino({ level: 'silent' })));
      try {
        const { answer, ms } = await timed(() => request(app).get('/session'));
        expectUnavailable(answer);
        expect(ms).toBeGreaterThanOrEqual(4900);
        expect(ms).toBeLessThan(7000);
      } finally {
        redis.disconnect();
      }
    });
  });

  describe('MongoDB', () => {
    it('answers 503 when no MongoDB server can be selected, refusing connections or silent', async () => {
      const silent = await server(silentServer());
      const app = express();
      app.get('/mongo/:port', async (req) => {
        await connectMongo({
          url: `mongodb://127.0.0.1:${req.params.port}/db`,
          appName: 'store-unavailable-test',
          serverSelectionTimeoutMs: 1000,
          connectTimeoutMs: 300,
        });
      });
      app.use(errorHandler(pino({ level: 'silent' })));
      for (const serverPort of [port, silent.port]) {
        const { answer, ms } = await timed(() => request(app).get(`/mongo/${serverPort}`));
        expectUnavailable(answer);
        expect(ms).toBeLessThan(2500);
      }
    });
  });

  describe('what is not an outage', () => {
    it('answers an Unavailable thrown by the code itself 503 with its own Retry-After', async () => {
      const app = express();
      app.get('/busy', () => {
        throw new Unavailable('The mail server is not answering. Please try again shortly.', 30);
      });
      app.use(errorHandler(pino({ level: 'silent' })));
      const res = await request(app).get('/busy');
      expect([res.status, res.headers['retry-after'], res.body]).toEqual([
        503,
        '30',
        { error: 'The mail server is not answering. Please try again shortly.', code: 'unavailable' },
      ]);
    });

    it("keeps express's aborted request body a 400 (its code is ECONNABORTED), and a bug a 500", async () => {
      const app = express();
      app.get('/aborted', () => {
        throw Object.assign(new Error('request aborted'), {
          status: 400,
          type: 'request.aborted',
          code: 'ECONNABORTED',
        });
      });
      app.get('/bug', () => {
        throw new TypeError("Cannot read properties of undefined (reading 'id')");
      });
      app.use(errorHandler(pino({ level: 'silent' })));
      expect((await request(app).get('/aborted')).status).toBe(400);
      const bug = await request(app).get('/bug');
      expect(bug.status).toBe(500);
      expect(bug.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('readiness while a store cannot be reached', () => {
  const servers: FakeServer[] = [];
  const dbs: Db[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close();
    for (const started of servers) await started.close();
  });

  /** The probes of a service whose readiness checks its Postgres, as `startServiceProcess` registers it. */
  function probes(db: Db) {
    dbs.push(db);
    const app = createHttpApp({ logger: pino({ level: 'silent' }) });
    const checks: Record<string, ReadinessCheck> = { database: () => db.ping(), bus: async () => true };
    app.use(healthRouter(checks, () => false));
    return app;
  }

  it('is false at once while Postgres refuses connections; liveness stays true', async () => {
    const app = probes(createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${await closedPort()}/db` }));
    const { answer: ready, ms } = await timed(() => request(app).get('/readyz'));
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not ready', checks: { database: 'down', bus: 'ok' } });
    expect(ms).toBeLessThan(1500);
    const live = await request(app).get('/healthz');
    expect([live.status, live.body]).toEqual([200, { status: 'ok' }]);
  });

  it('is false within its own time-out while Postgres hangs, however long the check would wait', async () => {
    const silent = await silentServer();
    servers.push(silent);
    // The adapter's default connection time-out (5 s) is longer than the readiness check's (1.5 s).
    const app = probes(createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${silent.port}/db` }));
    const [ready, live] = await Promise.all([
      timed(() => request(app).get('/readyz')),
      timed(() => request(app).get('/healthz')),
    ]);
    expect(ready.answer.status).toBe(503);
    expect(ready.answer.body.checks).toEqual({ database: 'down', bus: 'ok' });
    expect(ready.ms).toBeGreaterThanOrEqual(READINESS_CHECK_TIMEOUT_MS - 100);
    expect(ready.ms).toBeLessThan(READINESS_CHECK_TIMEOUT_MS + 1500);
    expect(live.answer.status).toBe(200);
    expect(live.ms).toBeLessThan(1000);
  });
});
