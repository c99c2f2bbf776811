import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import { CALLER_HEADER, migrate, mountService, serve, signAssertion, type Db } from '@vellum/platform';
import { createVellumService } from '../src/service';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';

/** The vellum benchmarks' store: PGlite without `url`, else a throw-away database on that Postgres server. */
export async function openDb(url?: string): Promise<{ db: Db; name: string; drop: () => Promise<void> }> {
  if (!url) {
    const db = await createPgliteDb({});
    return { db, name: 'PGlite (embedded)', drop: () => db.close() };
  }
  const admin = createPgDb({ connectionString: url, applicationName: 'vellum-bench' });
  const dbName = `vellum_bench_${randomUUID().slice(0, 8)}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const db = createPgDb({ connectionString: target.toString(), applicationName: 'vellum-bench' });
  return {
    db,
    name: 'Postgres',
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE ${dbName}`);
      await admin.close();
    },
  };
}

/** Milliseconds to two decimals. */
export const ms = (n: number) => Math.round(n * 100) / 100;
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: ms(at(0.5)), p95: ms(at(0.95)) };
}

/** Median and p95 of `runs` timed calls of `work`, after one untimed. */
export async function time(runs: number, work: () => Promise<unknown>) {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

const SECRET = 'b'.repeat(32);
const logger = pino({ level: 'silent' });

/**
 * The vellum service on `db`, migrated, with 2,000 authors (ids ...0001 to ...07d0, 'author.{i}') and the owner
 * 'bench.owner' of a new id, seeded by `seed` (timed with the authors), and served on a local port; `get` calls it as
 * the gateway would, as that owner or as a visitor.
 */
export async function benchApi(db: Db, seed: (db: Db, ownerId: string) => Promise<void>) {
  const service = createVellumService({
    db,
    logger,
    config: { internalAuthSecret: SECRET, ratingsRequired: 3 },
  });
  await migrate(db, service.schema, service.migrations);
  const ownerId = randomUUID();
  const start = performance.now();
  await db.query(
    `INSERT INTO vellum.authors (id, username, display_name)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'author.' || i, 'Author ' || i
       FROM generate_series(1, 2000) i`,
  );
  await db.query(
    `INSERT INTO vellum.authors (id, username, display_name) VALUES ($1, 'bench.owner', 'Bench Owner')`,
    [ownerId],
  );
  await seed(db, ownerId);
  const seededSeconds = ms((performance.now() - start) / 1000);
  const running = await serve(mountService(express(), service, logger), {
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  // Signed at each call, as the gateway does: an assertion lives a short time.
  const get = async <T = { vellums: unknown[]; nextCursor?: string | null }>(
    path: string,
    asOwner = false,
  ) => {
    const headers = asOwner
      ? { [CALLER_HEADER]: signAssertion({ id: ownerId, username: 'bench.owner' }, SECRET) }
      : undefined;
    const res = await fetch(running.url + path, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { ownerId, seededSeconds, get, stop: () => running.stop() };
}
