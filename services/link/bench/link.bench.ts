/**
 * Link benchmark: the public page of a cirrus with 100 links (GET /api/link/{username}: median and p99 latency) and
 * the redirect a visitor's click goes through (GET /api/link/go/{id}: counts the click, answers 302), as requests
 * per second with 16 in flight. Over HTTP to the service's router on a local port, as the gateway calls it, on each
 * store: PGlite (embedded) always, Postgres with DATABASE_URL, MongoDB's protocol (FerretDB) with MONGO_URL. Build
 * first (`npm run build`), then from the repository root:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: Postgres and FerretDB too
 *   npm run bench -w @vellum/link
 *
 * Knobs: BENCH_LINKS (default 100), BENCH_ROUNDS (page calls, default 500), BENCH_CLICKS (redirects, default 2000).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import {
  createInProcessBus,
  memoryLimiters,
  migrate,
  mountService,
  type ServiceDefinition,
} from '@vellum/platform';
import { connectMongo } from '@vellum/platform-mongo';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { navigate } from '@vellum/platform/test-support';
import { createLinkService, postgresLinkStore, type LinkStore } from '../src/service';
import { createMongoLinkService, mongoLinkStore, prepareLinkCollections } from '../src/mongo-service';

const LINKS = Number(process.env.BENCH_LINKS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 2000);
const IN_FLIGHT = 16;
// Every redirect from the bench's one address is counted: it measures the counting write, not the limits.
const config = {
  internalAuthSecret: 'b'.repeat(32),
  clickLimits: { redirectsPerMinute: 1e9, countedClicksPerMinute: 1e9 },
};
const logger = pino({ level: 'silent' });

interface Row {
  store: string;
  'page median ms': number;
  'page p99 ms': number;
  'redirects/s': number;
  'redirect median ms': number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** A page of LINKS links, written as the owner's changes would leave it (one version). */
async function seed({ pages, unitOfWork }: LinkStore): Promise<{ username: string; linkIds: string[] }> {
  const owner = { id: randomUUID(), username: `bench.${randomUUID().slice(0, 8)}` };
  const page = (await pages.ensure(owner))!;
  const links = Array.from({ length: LINKS }, (_, position) => ({
    id: randomUUID(),
    label: `Link number ${position}`,
    url: `https://example.com/${position}/${'p'.repeat(40)}`,
    position,
  }));
  const stored = await unitOfWork((unit) =>
    unit.pages.replace({ ...page, links, version: 1 }, 0, new Date()),
  );
  if (!stored) throw new Error('seed lost');
  return { username: owner.username, linkIds: links.map((l) => l.id) };
}

async function measure(store: string, service: ServiceDefinition, pages: LinkStore): Promise<Row> {
  const { username, linkIds } = await seed(pages);
  const server = mountService(express(), service, logger).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const getPage = async () => {
      const res = await fetch(`${base}/api/link/${username}`);
      const body = (await res.json()) as { links: unknown[] };
      if (body.links.length !== LINKS) throw new Error(`page: ${res.status} ${JSON.stringify(body)}`);
    };
    for (let i = 0; i < 20; i++) await getPage();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await getPage();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);

    let next = 0;
    const redirectTimes: number[] = [];
    const visitor = async () => {
      while (next < CLICKS) {
        const id = linkIds[next++ % linkIds.length]!;
        const start = performance.now();
        // A browser's navigation: only that is counted (Node's fetch would be a script's call).
        const res = await navigate(`${base}/api/link/go/${id}`);
        redirectTimes.push(performance.now() - start);
        if (res.status !== 302) throw new Error(`redirect: ${res.status}`);
      }
    };
    const start = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, visitor));
    const seconds = (performance.now() - start) / 1000;
    redirectTimes.sort((a, b) => a - b);
    return {
      store,
      'page median ms': round(quantile(times, 0.5)),
      'page p99 ms': round(quantile(times, 0.99)),
      'redirects/s': Math.round(CLICKS / seconds),
      'redirect median ms': round(quantile(redirectTimes, 0.5)),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function onPostgres(store: string, db: Awaited<ReturnType<typeof createPgliteDb>>): Promise<Row> {
  const service = createLinkService({ db, logger, limiters: memoryLimiters, config });
  await migrate(db, service.schema, service.migrations);
  return measure(
    store,
    service,
    postgresLinkStore(db, () => {}),
  );
}

async function main() {
  const rows: Row[] = [];
  const lite = await createPgliteDb({});
  try {
    rows.push(await onPostgres('PGlite (embedded)', lite));
  } finally {
    await lite.close();
  }
  if (process.env.DATABASE_URL) {
    const db = createPgDb({ connectionString: process.env.DATABASE_URL, applicationName: 'link-bench' });
    try {
      rows.push(await onPostgres('Postgres', db));
      // The bench's page and clicks leave the shared test database as they came.
      await db.query(
        `DELETE FROM link.clicks WHERE owner_id IN (SELECT owner_id FROM link.pages WHERE username LIKE 'bench.%')`,
      );
      await db.query(`DELETE FROM link.pages WHERE username LIKE 'bench.%'`);
    } finally {
      await db.close();
    }
  } else {
    console.log('DATABASE_URL is not set: Postgres skipped.');
  }
  if (process.env.MONGO_URL) {
    const mongo = await connectMongo({ url: process.env.MONGO_URL, appName: 'link-bench' });
    const database = mongo.client.db(`link_bench_${randomUUID().slice(0, 8)}`);
    const bus = createInProcessBus({ logger });
    try {
      const service = await createMongoLinkService({
        database,
        bus,
        logger,
        limiters: memoryLimiters,
        config,
      });
      rows.push(
        await measure(
          "MongoDB's protocol (FerretDB)",
          service,
          mongoLinkStore(await prepareLinkCollections(database), () => {}),
        ),
      );
    } finally {
      await database.dropDatabase();
      await bus.close();
      await mongo.close();
    }
  } else {
    console.log('MONGO_URL is not set: MongoDB skipped.');
  }
  console.log(
    `\n== link: a page of ${LINKS} links (${ROUNDS} calls), redirects (${CLICKS} clicks, ${IN_FLIGHT} in flight) ==`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
