import { connect } from 'node:net';
import { Client, DatabaseError, Pool } from 'pg';
import { Redis } from 'ioredis';
import { MongoClient, MongoNetworkError, MongoNetworkTimeoutError, MongoServerError } from 'mongodb';
import { ZodError } from 'zod';
import { createPgDb } from '@vellum/platform-postgres';
import { Conflict, Invalid, isStoreUnavailable, NotFound, RateLimited, Unavailable } from '../../src';
import { closedPort, postgresThatStops, silentServer, type FakeServer } from '../support/unreachable-stores';

/** The error `work` rejects with (failing the test if it resolves). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A Postgres server error as pg builds it from the server's ErrorResponse. */
function postgresError(code: string, message: string): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('isStoreUnavailable', () => {
  let port: number;
  const servers: FakeServer[] = [];
  const server = async (made: Promise<FakeServer>) => {
    const started = await made;
    servers.push(started);
    return started;
  };
  beforeAll(async () => {
    port = await closedPort();
  });
  afterAll(async () => {
    for (const started of servers) await started.close();
  });

  describe("node's own socket errors", () => {
    it('recognises a refused connection', async () => {
      const error = await failureOf(
        () =>
          new Promise((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', reject);
          }),
      );
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isStoreUnavailable(error)).toBe(true);
    });

    it.each(['ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])(
      'recognises %s',
      (code) => {
        expect(isStoreUnavailable(Object.assign(new Error(`connect ${code} 10.0.0.9:5432`), { code }))).toBe(
          true,
        );
      },
    );

    it("is not fooled by a missing file, or any code that is no socket's", () => {
      expect(isStoreUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
      expect(isStoreUnavailable(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
    });
  });

  describe('pg', () => {
    it('recognises a server that refuses connections, through the pool and through the adapter', async () => {
      const pool = new Pool({ connectionString: `postgres://u:p@127.0.0.1:${port}/db` });
      const error = await failureOf(() => pool.query('SELECT 1'));
      await pool.end();
      expect(isStoreUnavailable(error)).toBe(true);
      const db = createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${port}/db` });
      expect(isStoreUnavailable(await failureOf(() => db.query('SELECT 1')))).toBe(true);
      expect(isStoreUnavailable(await failureOf(() => db.transaction(async () => 1)))).toBe(true);
      await db.close();
    });

    it("recognises the pool's and the client's connection time-outs (a server that accepts and never answers)", async () => {
      const silent = await server(silentServer());
      const url = `postgres://u:p@127.0.0.1:${silent.port}/db`;
      const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 300 });
      const timedOut = await failureOf(() => pool.query('SELECT 1'));
      expect(timedOut).toMatchObject({ message: 'Connection terminated due to connection timeout' });
      expect(isStoreUnavailable(timedOut)).toBe(true);
      // A full pool whose connection is still trying: the next caller's wait for a free one times out too.
      const one = new Pool({ connectionString: url, connectionTimeoutMillis: 300, max: 1 });
      const [first, second] = await Promise.all([
        failureOf(() => one.query('SELECT 1')),
        failureOf(() => one.query('SELECT 1')),
      ]);
      expect([first, second]).toContainEqual(
        expect.objectContaining({ message: 'timeout exceeded when trying to connect' }),
      );
      expect(isStoreUnavailable(first) && isStoreUnavailable(second)).toBe(true);
      const client = new Client({ connectionString: url, connectionTimeoutMillis: 300 });
      const clientTimedOut = await failureOf(() => client.connect());
      expect(clientTimedOut).toMatchObject({ message: 'timeout expired' });
      expect(isStoreUnavailable(clientTimedOut)).toBe(true);
      await Promise.all([pool.end(), one.end()]);
    });

    it('recognises a connection lost under a query, and one gone silent past its query time-out', async () => {
      const hangingUp = await server(postgresThatStops('hang up'));
      const client = new Client({ connectionString: `postgres://u:p@127.0.0.1:${hangingUp.port}/db` });
      client.on('error', () => {});
      await client.connect();
      const lost = await failureOf(() => client.query('SELECT 1'));
      expect(lost).toMatchObject({ message: 'Connection terminated unexpectedly' });
      expect(isStoreUnavailable(lost)).toBe(true);

      const silent = await server(postgresThatStops('silent'));
      const quiet = new Client({
        connectionString: `postgres://u:p@127.0.0.1:${silent.port}/db`,
        query_timeout: 300,
      });
      await quiet.connect();
      const unanswered = await failureOf(() => quiet.query('SELECT 1'));
      expect(unanswered).toMatchObject({ message: 'Query read timeout' });
      expect(isStoreUnavailable(unanswered)).toBe(true);
      await quiet.end();
    });

    it.each([
      ['08006', 'connection failure'],
      ['08001', 'could not establish connection'],
      ['08007', 'transaction resolution unknown'],
      ['53300', 'sorry, too many clients already'],
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection due to crash of another server process'],
      ['57P03', 'the database system is starting up'],
    ])("recognises the server's %s (%s)", (code, message) => {
      expect(isStoreUnavailable(postgresError(code, message))).toBe(true);
    });

    it.each([
      ['23505', 'duplicate key value violates unique constraint'],
      ['42P01', 'relation "x" does not exist'],
      ['40001', 'could not serialize access'],
      ['57014', 'canceling statement due to statement timeout'],
      ['22P02', 'invalid input syntax for type uuid'],
      ['08P01', 'bind message supplies 70000 parameters, but prepared statement requires 65535'],
    ])('leaves a query that failed for its own sake alone: %s (%s)', (code, message) => {
      expect(isStoreUnavailable(postgresError(code, message))).toBe(false);
    });

    it('leaves a pool the process itself ended alone', async () => {
      const pool = new Pool({ connectionString: `postgres://u:p@127.0.0.1:${port}/db` });
      await pool.end();
      expect(isStoreUnavailable(await failureOf(() => pool.query('SELECT 1')))).toBe(false);
    });
  });

  describe('ioredis', () => {
    it('recognises the retries given up while Redis refuses connections', async () => {
      const redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 3 });
      redis.on('error', () => {});
      const error = await failureOf(() => redis.get('k'));
      redis.disconnect();
      expect(error).toMatchObject({ name: 'MaxRetriesPerRequestError' });
      expect(isStoreUnavailable(error)).toBe(true);
    });

    it("recognises a command past its time-out (a Redis that accepts and never answers), a closed client's and an offline one's", async () => {
      const silent = await server(silentServer());
      const redis = new Redis(`redis://127.0.0.1:${silent.port}`, {
        maxRetriesPerRequest: 3,
        commandTimeout: 300,
      });
      redis.on('error', () => {});
      const timedOut = await failureOf(() => redis.get('k'));
      redis.disconnect();
      expect(timedOut).toMatchObject({ message: 'Command timed out' });
      expect(isStoreUnavailable(timedOut)).toBe(true);
      const ended = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true });
      ended.disconnect();
      const closed = await failureOf(() => ended.get('k'));
      expect(closed).toMatchObject({ message: 'Connection is closed.' });
      expect(isStoreUnavailable(closed)).toBe(true);

      const offline = new Redis(`redis://127.0.0.1:${port}`, {
        lazyConnect: true,
        enableOfflineQueue: false,
      });
      offline.on('error', () => {});
      const refused = await failureOf(() => offline.get('k'));
      offline.disconnect();
      expect(refused).toMatchObject({
        message: "Stream isn't writeable and enableOfflineQueue options is false",
      });
      expect(isStoreUnavailable(refused)).toBe(true);
    });
  });

  describe('the mongodb driver', () => {
    it('recognises a server selection given up, the server refusing or silent', async () => {
      const refusing = new MongoClient(`mongodb://127.0.0.1:${port}/db`, { serverSelectionTimeoutMS: 300 });
      const refused = await failureOf(() => refusing.connect());
      await refusing.close();
      expect(refused).toMatchObject({ name: 'MongoServerSelectionError' });
      expect(isStoreUnavailable(refused)).toBe(true);
      const silent = await server(silentServer());
      const hanging = new MongoClient(`mongodb://127.0.0.1:${silent.port}/db`, {
        serverSelectionTimeoutMS: 1500,
        connectTimeoutMS: 300,
      });
      const hung = await failureOf(() => hanging.connect());
      await hanging.close();
      expect(hung).toMatchObject({ name: 'MongoServerSelectionError' });
      expect(hung).toMatchObject({ cause: { name: 'MongoNetworkTimeoutError' } });
      expect(isStoreUnavailable(hung)).toBe(true);
    });

    it('recognises a connection lost or silent, and a pool cleared after one', () => {
      expect(isStoreUnavailable(new MongoNetworkError('connection 3 to 10.0.0.9:27017 closed'))).toBe(true);
      expect(
        isStoreUnavailable(new MongoNetworkTimeoutError('connection 3 to 10.0.0.9:27017 timed out')),
      ).toBe(true);
      const cleared = {
        name: 'MongoPoolClearedError',
        message: 'Connection pool for 10.0.0.9:27017 was cleared',
      };
      expect(isStoreUnavailable(cleared)).toBe(true);
      expect(isStoreUnavailable({ name: 'PoolClearedOnNetworkError', message: 'interrupted' })).toBe(true);
    });

    it('recognises a server shutting down or failing over (the operation did not run)', () => {
      const server = (code: number, codeName: string) =>
        new MongoServerError({ ok: 0, code, codeName, errmsg: `${codeName} on 10.0.0.9:27017` });
      expect(isStoreUnavailable(server(91, 'ShutdownInProgress'))).toBe(true);
      expect(isStoreUnavailable(server(11600, 'InterruptedAtShutdown'))).toBe(true);
      expect(isStoreUnavailable(server(10107, 'NotWritablePrimary'))).toBe(true);
      expect(isStoreUnavailable(server(189, 'PrimarySteppedDown'))).toBe(true);
      // The same numbers from anything but the MongoDB driver's server errors are not its codes.
      expect(isStoreUnavailable({ name: 'Error', code: 91, message: 'ninety-one' })).toBe(false);
    });

    it("leaves the server's own refusals alone (a duplicate key)", () => {
      expect(
        isStoreUnavailable({ name: 'MongoServerError', code: 11000, message: 'E11000 duplicate key' }),
      ).toBe(false);
    });
  });

  describe('what wraps or carries an outage', () => {
    it('follows a cause, and an aggregate whose every error is one', () => {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      expect(isStoreUnavailable(new Error('Migration "001" failed', { cause: refused }))).toBe(true);
      expect(isStoreUnavailable(new AggregateError([refused, refused], 'all addresses refused'))).toBe(true);
      expect(isStoreUnavailable(new AggregateError([refused, new Error('bug')], 'mixed'))).toBe(false);
      expect(isStoreUnavailable(new AggregateError([], 'none'))).toBe(false);
    });

    it('stops following a cause chain that loops', () => {
      const a: Error & { cause?: unknown } = new Error('a');
      const b = new Error('b', { cause: a });
      a.cause = b;
      expect(isStoreUnavailable(a)).toBe(false);
    });

    it('recognises its own neutral error, and no other', () => {
      expect(isStoreUnavailable(new Unavailable())).toBe(true);
      for (const error of [
        new Invalid('Give a name.'),
        new NotFound(),
        new Conflict('Taken.'),
        new RateLimited('Slow down.', 3),
      ]) {
        expect(isStoreUnavailable(error)).toBe(false);
      }
    });

    it('leaves every other failure alone', () => {
      for (const error of [
        new Error('boom'),
        new TypeError("Cannot read properties of undefined (reading 'id')"),
        new ZodError([]),
        'a string',
        undefined,
        null,
        42,
        { message: 'Connection terminated' },
      ]) {
        expect(isStoreUnavailable(error)).toBe(false);
      }
    });
  });
});
