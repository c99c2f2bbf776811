/**
 * Embedded writes, layer by layer: where the time of "create + publish a vellum" goes on PGlite. Run from the
 * repository root after `npm run build`:
 *
 *   node -r ./services/platform/test/events/fixtures/swc-register.cjs services/vellum/bench/embedded-writes.bench.ts
 *
 * BENCH_VELLUMS (default 1,000) vellums of about 2 KB are created and published by BENCH_WRITERS (default 8)
 * concurrent writers, three ways, each on a fresh in-memory PGlite with the vellum service's schema:
 *  1. the ceiling: the very statements the product runs for it (two transactions, the outbox rows, the relay's
 *     claim and mark), sent to PGlite in this thread, nothing else;
 *  2. the same statements through the platform's Db port (PGlite in its worker thread, one message per statement);
 *  3. the vellum service itself over HTTP (no gateway): its routes, validation, use cases, outbox and relay.
 * The product through the gateway adds sessions and signed assertions on top (load-tests/ measures it).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  CALLER_HEADER,
  createInProcessBus,
  createOutboxRelay,
  migrate,
  mountService,
  serve,
  signAssertion,
  type Db,
  type QueryResult,
  type Tx,
} from '@vellum/platform';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createVellumService } from '../src/service';

const VELLUMS = Number(process.env.BENCH_VELLUMS ?? 1_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const SECRET = 'b'.repeat(32);
const logger = pino({ level: 'silent' });

/** About 2 KB of document: forty short paragraphs. */
const DOCUMENT = {
  type: 'doc',
  content: Array.from({ length: 40 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Paragraph ${i} of a vellum written for the benchmark.` }],
  })),
};
const BODY = JSON.stringify(DOCUMENT);

/** The Db port over a PGlite in this thread (PGlite is one connection: one transaction at a time). */
function inThreadDb(pg: PGlite): Db {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const run = async <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result =
      params && params.length ? await pg.query<Row>(sql, [...params]) : (await pg.exec(sql)).at(-1)!;
    return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
  };
  return {
    query: (sql, params) => serial(() => run(sql, params)),
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      serial(async () => {
        await run('BEGIN');
        try {
          const result = await work({ query: run });
          await run('COMMIT');
          return result;
        } catch (error) {
          await run('ROLLBACK');
          throw error;
        }
      }),
    ping: async () => true,
    close: () => pg.close(),
  } as Db;
}

/** The statements of one create + publish and its relay pass, as the product sends them (vellum-store, outbox). */
async function createAndPublish(db: Db, ownerId: string): Promise<void> {
  const id = randomUUID();
  const at = new Date();
  const summary = `SELECT v.id, v.owner_id, v.title, v.is_public, v.is_new, v.last_edited, v.body, v.created_at
    FROM vellum.vellums v LEFT JOIN vellum.authors a ON a.id = v.owner_id WHERE v.id = $1`;
  const event = [randomUUID(), 'vellum.vellum.v1', id, 'vellum.vellum.v1.VellumCreated', new Uint8Array(64)];
  const outbox = `INSERT INTO vellum.outbox (id, topic, key, type, value) VALUES ($1, $2, $3, $4, $5)`;
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO vellum.authors (id, username) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      ownerId,
      'bench.writer',
    ]);
    await tx.query(
      `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, created_at, last_edited)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [id, ownerId, 'A vellum', BODY, 'Paragraph text', at],
    );
    await tx.query(outbox, event);
    await tx.query(summary, [id]);
  });
  await db.transaction(async (tx) => {
    await tx.query(`SELECT owner_id, is_public, title FROM vellum.vellums WHERE id = $1 FOR UPDATE`, [id]);
    await tx.query(`UPDATE vellum.vellums SET is_public = $2 WHERE id = $1`, [id, true]);
    await tx.query(outbox, [randomUUID(), ...event.slice(1)]);
    await tx.query(summary, [id]);
  });
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_try_advisory_xact_lock(hashtext('vellum.outbox'), hashtext($1)) AS locked`, [
      'vellum',
    ]);
    const { rows } = await tx.query<{ seq: string }>(
      `SELECT seq FROM vellum.outbox WHERE published_at IS NULL ORDER BY seq LIMIT 500`,
    );
    await tx.query(`UPDATE vellum.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [
      rows.map((r) => r.seq),
    ]);
  });
}

/** Runs `one()` `VELLUMS` times, `WRITERS` at a time; answers vellums per second. */
async function rate(one: () => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next++ < VELLUMS) await one();
    }),
  );
  return VELLUMS / ((performance.now() - start) / 1000);
}

async function withSchema(db: Db) {
  const service = createVellumService({
    db,
    logger,
    config: { internalAuthSecret: SECRET, ratingsRequired: 3 },
  });
  await migrate(db, service.schema, service.migrations);
  return service;
}

async function main() {
  const rows: Array<{ layer: string; 'vellums/s': number; 'statements/s': number }> = [];
  const STATEMENTS = 17; // per create + publish above: 2 × (BEGIN, 4, COMMIT) + (BEGIN, 3, COMMIT)
  const add = (layer: string, perSecond: number) =>
    rows.push({
      layer,
      'vellums/s': Math.round(perSecond),
      'statements/s': Math.round(perSecond * STATEMENTS),
    });

  const inThread = inThreadDb(await PGlite.create({ extensions: { pg_trgm } }));
  await withSchema(inThread);
  const ownerId = randomUUID();
  add('1. PGlite in this thread, the same statements', await rate(() => createAndPublish(inThread, ownerId)));
  await inThread.close();

  const worker = await createPgliteDb({});
  await withSchema(worker);
  add('2. PGlite worker (Db port), the same statements', await rate(() => createAndPublish(worker, ownerId)));
  await worker.close();

  const db = await createPgliteDb({});
  const bus = createInProcessBus();
  const relay = createOutboxRelay({ db, bus, logger, schema: 'vellum' });
  const service = createVellumService({
    db,
    logger,
    config: { internalAuthSecret: SECRET, ratingsRequired: 3 },
    wakeOutbox: () => relay.wake(),
  });
  await migrate(db, service.schema, service.migrations);
  relay.start();
  const running = await serve(mountService(express(), service, logger), {
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  const caller = { [CALLER_HEADER]: signAssertion({ id: ownerId, username: 'bench.writer' }, SECRET) };
  const post = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(running.url + path, {
      method,
      headers: { ...caller, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { savedVellum: { i: string } };
  };
  add(
    '3. vellum service over HTTP (routes, use cases, relay)',
    await rate(async () => {
      const created = await post('POST', '/api/vellum-new', { title: 'A vellum', text: BODY });
      await post('PUT', `/api/vellum/publish/${created.savedVellum.i}`);
    }),
  );
  await running.stop();
  await relay.stop();
  await db.close();

  console.log(`\n== embedded writes: ${VELLUMS} vellums created and published, ${WRITERS} writers ==`);
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
