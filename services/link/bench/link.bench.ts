/**
 * Link benchmark: the public page of a cirrus with 100 links (GET /api/link/{username}: median and p99 latency), the
 * redirect a visitor's click goes through (GET /api/link/go/{id}: counts the click, answers 302), as requests per
 * second with 16 in flight, and the owner's click counts (GET /api/link/{username}/clicks: median and p95) with a
 * million clicks recorded on the page over the 30 days it shows. Clicks are kept as counts per link and UTC day, so
 * the million is seeded as the counts it leaves in each store (Postgres: one row per link and day; MongoDB: each
 * today's last CLICK_NUMBERS_KEPT numbered documents per link, an earlier day's newest alone, as the roll-up leaves it); the redirects then count on top of them, and the counts
 * read must total the million plus the redirects. Over HTTP to the service's router on a local port, as the gateway calls it, on each
 * store: PGlite (embedded) always, Postgres with DATABASE_URL, MongoDB's protocol (FerretDB) with MONGO_URL. Build
 * first (`npm run build`), then from the repository root:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: Postgres and FerretDB too
 *   npm run bench -w @vellum/link
 *
 * Knobs: BENCH_LINKS (default 100), BENCH_ROUNDS (page and counts calls, default 500), BENCH_CLICKS (redirects,
 * default 2000), BENCH_RECORDED_CLICKS (clicks recorded before, default 1,000,000).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import {
  CALLER_HEADER,
  createInProcessBus,
  memoryLimiters,
  migrate,
  mountService,
  signAssertion,
  type Db,
  type ServiceDefinition,
} from '@vellum/platform';
import { LINK_CLICK_DAYS, type LinkClicksView } from '@vellum/proto';
import { connectMongo } from '@vellum/platform-mongo';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { navigate, quantile } from '@vellum/platform/test-support';
import { createLinkService, postgresLinkStore, type LinkStore } from '../src/service';
import { createMongoLinkService, mongoLinkStore, prepareLinkCollections } from '../src/mongo-service';
import { dayOf } from '../src/domain/link-views';
import { CLICK_NUMBERS_KEPT, type LinkCollections } from '../src/store/mongo-link-repository';

const LINKS = Number(process.env.BENCH_LINKS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 2000);
const RECORDED = Number(process.env.BENCH_RECORDED_CLICKS ?? 1_000_000);
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
  'counts median ms': number;
  'counts p95 ms': number;
}

/** One link's clicks on one day, as many as a share of RECORDED gives it. */
interface LinkDay {
  linkId: string;
  day: string;
  count: number;
}

/** Writes the counts that `days` of clicks leave in a store, for the page's owner. */
type RecordClicks = (ownerId: string, days: LinkDay[]) => Promise<void>;

/** RECORDED clicks spread over every link and each of the LINK_CLICK_DAYS days the owner sees (UTC, up to today). */
function recordedDays(linkIds: string[]): LinkDay[] {
  const days = Array.from({ length: LINK_CLICK_DAYS }, (_, i) =>
    dayOf(new Date(Date.now() - i * 86_400_000)),
  );
  const cells = days.flatMap((day) => linkIds.map((linkId) => ({ linkId, day })));
  const each = Math.floor(RECORDED / cells.length);
  return cells.map((cell, i) => ({ ...cell, count: each + (i < RECORDED % cells.length ? 1 : 0) }));
}

const recordOnPostgres =
  (db: Db): RecordClicks =>
  async (ownerId, days) => {
    for (let i = 0; i < days.length; i += 1000) {
      const batch = days.slice(i, i + 1000);
      await db.query(
        `INSERT INTO link.clicks (link_id, day, owner_id, count)
           SELECT link_id, day, $1, count FROM unnest($2::uuid[], $3::date[], $4::int[]) AS t(link_id, day, count)`,
        [ownerId, batch.map((d) => d.linkId), batch.map((d) => d.day), batch.map((d) => d.count)],
      );
    }
  };

const recordOnMongo =
  ({ clicks }: LinkCollections): RecordClicks =>
  async (ownerId, days) => {
    // Today's last numbers; an earlier day of a link is its newest number alone, rolled up at the link's first click
    // of the next day (the page's links are clicked every day here).
    const today = dayOf(new Date());
    const docs = days.flatMap(({ linkId, day, count }) =>
      Array.from({ length: Math.min(count, day === today ? CLICK_NUMBERS_KEPT : 1) }, (_, i) => {
        const n = count - i;
        return { _id: `${linkId}:${day}:${n}`, ownerId, linkId, day, n };
      }),
    );
    for (let i = 0; i < docs.length; i += 5000) await clicks.insertMany(docs.slice(i, i + 5000));
  };

const round = (ms: number) => Math.round(ms * 100) / 100;

/** `call`'s times (ms) over ROUNDS calls one after another, sorted, after `warmUp` calls not timed. */
async function timed(call: () => Promise<void>, warmUp: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** A page of LINKS links, written as the owner's changes would leave it (one version). */
async function seed({
  pages,
  unitOfWork,
}: LinkStore): Promise<{ owner: { id: string; username: string }; linkIds: string[] }> {
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
  return { owner, linkIds: links.map((l) => l.id) };
}

async function measure(
  store: string,
  service: ServiceDefinition,
  pages: LinkStore,
  record: RecordClicks,
): Promise<Row> {
  const { owner, linkIds } = await seed(pages);
  const { username } = owner;
  await record(owner.id, recordedDays(linkIds));
  const server = mountService(express(), service, logger).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const getPage = async () => {
      const res = await fetch(`${base}/api/link/${username}`);
      const body = (await res.json()) as { links: unknown[] };
      if (body.links.length !== LINKS) throw new Error(`page: ${res.status} ${JSON.stringify(body)}`);
    };
    const times = await timed(getPage, 20);

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

    // The owner's counts: every recorded click and every redirect above, on the links they were made on.
    const getCounts = async () => {
      const res = await fetch(`${base}/api/link/${username}/clicks`, {
        headers: { [CALLER_HEADER]: signAssertion(owner, config.internalAuthSecret) },
      });
      const body = (await res.json()) as LinkClicksView;
      const total = body.links?.reduce((sum, link) => sum + link.total, 0);
      if (total !== RECORDED + CLICKS)
        throw new Error(`counts: ${res.status}, ${total} of ${RECORDED + CLICKS}`);
    };
    const countTimes = await timed(getCounts, 10);
    return {
      store,
      'page median ms': round(quantile(times, 0.5)),
      'page p99 ms': round(quantile(times, 0.99)),
      'redirects/s': Math.round(CLICKS / seconds),
      'redirect median ms': round(quantile(redirectTimes, 0.5)),
      'counts median ms': round(quantile(countTimes, 0.5)),
      'counts p95 ms': round(quantile(countTimes, 0.95)),
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
    recordOnPostgres(db),
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
    const mongo = await connectMongo({
      url: process.env.MONGO_URL,
      appName: 'link-bench',
      operationTimeoutMs: 0,
    });
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
      const collections = await prepareLinkCollections(database);
      rows.push(
        await measure(
          "MongoDB's protocol (FerretDB)",
          service,
          mongoLinkStore(collections, () => {}),
          recordOnMongo(collections),
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
    `\n== link: a page of ${LINKS} links (${ROUNDS} calls), redirects (${CLICKS} clicks, ${IN_FLIGHT} in flight), ` +
      `its owner's counts with ${RECORDED.toLocaleString('en')} clicks recorded (${ROUNDS} calls) ==`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
