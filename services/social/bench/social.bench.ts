/**
 * Social benchmark: 100,000 cirri in the directory, one of them followed by 50,000; search and list latencies over
 * HTTP (the service's router on a local port, as the gateway calls it), median and p95. Build first (`npm run
 * build`), then from the repository root:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: with DATABASE_URL, Postgres runs too (in a scratch database)
 *   npm run bench -w @vellum/social
 *
 * Knobs: BENCH_CIRRI (default 100000), BENCH_FOLLOWERS (default 50000), BENCH_ROUNDS (timed calls per case,
 * default 200).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import { Client } from 'pg';
import { CALLER_HEADER, migrate, mountService, signAssertion, type Db } from '@vellum/platform';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createSocialService } from '../src/service';
import { quantile } from '@vellum/platform/test-support';

const CIRRI = Number(process.env.BENCH_CIRRI ?? 100_000);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SECRET = 'b'.repeat(32);

const FIRST = [
  'Ada',
  'Ben',
  'Cleo',
  'Dan',
  'Eve',
  'Finn',
  'Gia',
  'Hugo',
  'Iris',
  'Jack',
  'Kai',
  'Lena',
  'Marc',
  'Nina',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Tess',
  'Uma',
  'Vic',
  'Wren',
  'Xena',
  'Yuri',
  'Zoe',
  'Maria',
  'Mario',
  'Marta',
  'Marek',
];
const LAST = [
  'Lee',
  'Stone',
  'Young',
  'Jones',
  'Smith',
  'Brown',
  'Novak',
  'Rossi',
  'Silva',
  'Kowalski',
  'Ito',
  'Khan',
  'Meyer',
  'Dubois',
  'Garcia',
  'Olsen',
  'Ivanova',
  'Costa',
  'Moreau',
  'Nakamura',
  'Andersson',
  'Fischer',
  'Horvat',
  'Papadopoulos',
  'Marsh',
];

const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

/** The directory and the follows, written with set-based SQL (the projection's own path is covered by tests). */
async function seed(db: Db): Promise<{ star: string; fan: string }> {
  await db.query(`
    INSERT INTO social.cirri (id, username, display_name, verified)
    SELECT gen_random_uuid(), lower(f) || '.' || lower(l) || n, f || ' ' || l, true
      FROM generate_series(1, ${CIRRI}) AS n,
           LATERAL (SELECT (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] AS f,
                           (${sqlArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] AS l) AS names`);
  const star = randomUUID();
  await db.query(
    `INSERT INTO social.cirri (id, username, display_name, verified) VALUES ($1, 'star', 'Star Cirrus', true)`,
    [star],
  );
  await db.query(
    `INSERT INTO social.follows (follower_id, followee_id, followed_at)
     SELECT id, $1, now() - make_interval(secs => row_number() OVER ()) FROM
       (SELECT id FROM social.cirri WHERE id <> $1 ORDER BY username LIMIT ${FOLLOWERS}) AS fans`,
    [star],
  );
  await db.query(
    `UPDATE social.cirri SET followers = (SELECT count(*) FROM social.follows WHERE followee_id = $1) WHERE id = $1`,
    [star],
  );
  await db.query(
    `UPDATE social.cirri c SET following = 1 FROM social.follows f WHERE f.follower_id = c.id AND f.followee_id = $1`,
    [star],
  );
  await db.query('ANALYZE social.cirri');
  await db.query('ANALYZE social.follows');
  const { rows } = await db.query<{ username: string }>(
    `SELECT c.username FROM social.follows f JOIN social.cirri c ON c.id = f.follower_id
      WHERE f.followee_id = $1 LIMIT 1`,
    [star],
  );
  return { star, fan: rows[0]!.username };
}

interface Row {
  db: string;
  case: string;
  results: string;
  'median ms': number;
  'p95 ms': number;
}

async function measure(
  label: string,
  db: string,
  call: (i: number) => Promise<Response>,
  count: (body: unknown) => number,
): Promise<Row> {
  let results = 0;
  for (let i = 0; i < 10; i++) await (await call(i)).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const res = await call(i);
    const body = (await res.json()) as unknown;
    times.push(performance.now() - start);
    if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
    results = count(body);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    db,
    case: label,
    results: String(results),
    'median ms': round(quantile(times, 0.5)),
    'p95 ms': round(quantile(times, 0.95)),
  };
}

async function run(name: string, db: Db): Promise<Row[]> {
  const logger = pino({ level: 'silent' });
  const service = createSocialService({ db, logger, config: { internalAuthSecret: SECRET } });
  await migrate(db, service.schema, service.migrations);
  const seedStart = performance.now();
  const { fan } = await seed(db);
  console.log(
    `${name}: seeded ${CIRRI} cirri and ${FOLLOWERS} follows in ${Math.round(performance.now() - seedStart)} ms`,
  );
  const server = mountService(express(), service, logger).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const caller = { id: randomUUID(), username: 'bench.caller' };
  const get = (path: string) =>
    fetch(base + path, { headers: { [CALLER_HEADER]: signAssertion(caller, SECRET) } });
  const results = (body: unknown) => (body as { results: unknown[] }).results.length;
  const people = (body: unknown) => {
    const b = body as { followers?: unknown[]; followings?: unknown[] };
    return (b.followers ?? b.followings ?? []).length;
  };
  const searches: Array<[string, string[]]> = [
    ['search, 1 letter', ['m', 'a', 's', 'k']],
    ['search, 3-letter prefix', ['mar', 'ada', 'zoe', 'ben']],
    ['search, full name prefix', ['maria.rossi', 'Maria Ros', 'finn.k', 'Tess Mo']],
    ['search, substring only', ['rossi', 'ovak', 'arsh', 'sson']],
    ['search, no match', ['qqqzz', 'xyzzy', 'jjjkk', 'wwvvq']],
  ];
  const rows: Row[] = [];
  try {
    for (const [label, queries] of searches) {
      rows.push(
        await measure(
          label,
          name,
          (i) => get(`/api/search?query=${encodeURIComponent(queries[i % queries.length]!)}`),
          results,
        ),
      );
    }
    const first = (await (await get('/api/cirrus/star/followers')).json()) as { nextCursor: string };
    let cursor = first.nextCursor;
    const cursors: string[] = [];
    for (let page = 0; page < 250 && cursor; page++) {
      cursors.push(cursor);
      cursor = (
        (await (await get(`/api/cirrus/star/followers?cursor=${cursor}`)).json()) as { nextCursor: string }
      ).nextCursor;
    }
    rows.push(
      await measure(
        'followers of the 50,000, first page',
        name,
        () => get('/api/cirrus/star/followers'),
        people,
      ),
    );
    rows.push(
      await measure(
        'followers of the 50,000, deeper pages',
        name,
        (i) => get(`/api/cirrus/star/followers?cursor=${cursors[(i * 37) % cursors.length]}`),
        people,
      ),
    );
    rows.push(await measure('following of a fan', name, () => get(`/api/cirrus/${fan}/following`), people));
    rows.push(
      await measure(
        'follow status of the 50,000',
        name,
        () => get('/api/cirrus/star/follow'),
        () => 1,
      ),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return rows;
}

async function withScratchDatabase<T>(url: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `social_bench_${randomUUID().slice(0, 8)}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return await work(scratch.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const rows: Row[] = [];
  const lite = await createPgliteDb({});
  try {
    rows.push(...(await run('PGlite (embedded)', lite)));
  } finally {
    await lite.close();
  }
  if (process.env.DATABASE_URL) {
    rows.push(
      ...(await withScratchDatabase(process.env.DATABASE_URL, async (url) => {
        const db = createPgDb({ connectionString: url, applicationName: 'social-bench' });
        try {
          return await run('Postgres', db);
        } finally {
          await db.close();
        }
      })),
    );
  } else {
    console.log('DATABASE_URL is not set: Postgres skipped.');
  }
  console.log(
    `\n== social: ${CIRRI.toLocaleString('en-US')} cirri, one with ${FOLLOWERS.toLocaleString('en-US')} followers; ${ROUNDS} calls per case ==`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
