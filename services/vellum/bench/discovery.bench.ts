/**
 * Vellum list benchmark. Run from the repository root after `npm run build` (swc compiles this file; the packages
 * come from their builds):
 *
 *   source ~/.cache/vellum/run/env.sh   # DATABASE_URL: a throw-away database on that server; without it, PGlite
 *   node -r ./services/platform/test/events/fixtures/swc-register.cjs services/vellum/bench/discovery.bench.ts
 *
 * Seeds BENCH_PUBLIC public vellums (default 200,000) over 2,000 authors and BENCH_OWN vellums of one author
 * (default 10,000), then prints median and p95 of:
 *  - discovery pages through the HTTP API (keyset cursor), at increasing depths, beside the same pages read with
 *    LIMIT/OFFSET (the baseline the cursor replaces);
 *  - the owner's full list (10,000 lean rows) and a text search in it;
 *  - the showcase and the creators.
 */
import type { Db } from '@vellum/platform';
import { discoveryCursor } from '../src/domain/cursor';
import { vellumStore, type DiscoveryKey } from '../src/store/vellum-store';
import { benchApi, openDb, time } from './measure';

const PUBLIC_N = Number(process.env.BENCH_PUBLIC ?? 200_000);
const OWN_N = Number(process.env.BENCH_OWN ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGE = 50;

const DOC = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A public vellum about benchmarks.' }] }],
});

async function seed(db: Db, ownerId: string) {
  // Edit times one second apart, newest first for the highest i; ratings on every 50th.
  await db.query(
    `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, is_public, is_new, created_at, last_edited,
                                 rating_count, rating_sum)
     SELECT gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(to_hex(1 + i % 2000), 12, '0'))::uuid,
            'Public vellum ' || i, $1, 'A public vellum about benchmarks number ' || i, true, false,
            timestamptz '2025-01-01' + i * interval '1 second', timestamptz '2025-01-01' + i * interval '1 second',
            CASE WHEN i % 50 = 0 THEN 3 + i % 7 ELSE 0 END, CASE WHEN i % 50 = 0 THEN 6 + i % 11 ELSE 0 END
       FROM generate_series(1, $2::int) i`,
    [DOC, PUBLIC_N],
  );
  await db.query(
    `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, is_public, is_new, created_at, last_edited)
     SELECT gen_random_uuid(), $1, 'My note ' || i, $2, 'private words ' || md5(i::text), i % 10 = 0, false,
            timestamptz '2025-06-01' + i * interval '1 second', timestamptz '2025-06-01' + i * interval '1 second'
       FROM generate_series(1, $3::int) i`,
    [ownerId, DOC, OWN_N],
  );
  await db.query('ANALYZE vellum.vellums');
  await db.query('ANALYZE vellum.authors');
}

async function main() {
  const { db, name, drop } = await openDb(process.env.DATABASE_URL);
  const { seededSeconds, get, stop } = await benchApi(db, seed);
  console.log(
    `\n== vellum lists on ${name}: ${PUBLIC_N} public vellums, ${OWN_N} of one owner (seeded in ${seededSeconds} s) ==`,
  );

  // Where each measured page starts: the row just before it (found once with OFFSET; not measured).
  const depths = [0, 1_000, 10_000, 50_000, 100_000, PUBLIC_N - PAGE].filter((d) => d <= PUBLIC_N - PAGE);
  const keyAt = async (depth: number): Promise<DiscoveryKey | undefined> => {
    if (depth === 0) return undefined;
    const { rows } = await db.query<{ id: string; k: string }>(
      `SELECT id, to_json(last_edited) #>> '{}' AS k FROM vellum.vellums WHERE is_public
        ORDER BY last_edited DESC, id DESC OFFSET $1 LIMIT 1`,
      [depth - 1],
    );
    return { editedAt: rows[0]!.k, id: rows[0]!.id };
  };

  const discovery = [];
  for (const depth of depths) {
    const after = await keyAt(depth);
    const query = after ? `&cursor=${discoveryCursor.encode([after.editedAt, after.id])}` : '';
    const api = await time(RUNS, () => get(`/api/vellums?limit=${PAGE}${query}`));
    const keyset = await time(RUNS, () => vellumStore.discover(db, { after, limit: PAGE + 1 }));
    // The baseline: the same page by counting past the rows before it.
    const offset = await time(RUNS, () =>
      db.query(
        `SELECT v.id, v.owner_id, v.title, v.is_public, v.is_new, v.last_edited, a.username, a.display_name
           FROM vellum.vellums v LEFT JOIN vellum.authors a ON a.id = v.owner_id
          WHERE v.is_public ORDER BY v.last_edited DESC, v.id DESC LIMIT $1 OFFSET $2`,
        [PAGE + 1, depth],
      ),
    );
    discovery.push({
      'rows before the page': depth,
      'API cursor median ms': api.median,
      'API cursor p95 ms': api.p95,
      'SQL cursor median ms': keyset.median,
      'SQL cursor p95 ms': keyset.p95,
      'SQL OFFSET median ms': offset.median,
      'SQL OFFSET p95 ms': offset.p95,
    });
  }
  console.log(`\ndiscovery: one page of ${PAGE}, ${RUNS} runs each (cursor vs the OFFSET baseline)`);
  console.table(discovery);

  const lists = [
    [`owner list, all ${OWN_N} lean rows (API)`, () => get('/api/cirrus/bench.owner/vellums', true)],
    [
      'owner text search "words 7f" (API)',
      () => get('/api/cirrus/bench.owner/vellums?search=words%207f', true),
    ],
    ['public list of the owner (API)', () => get('/api/cirrus/bench.owner/vellums')],
    ['showcase (API)', () => get('/api/get-showcase-vellums')],
    ['creators (API)', () => get('/api/get-creators')],
  ] as const;
  const rows = [];
  for (const [call, work] of lists) {
    const body = await work();
    rows.push({
      call,
      rows: (body.vellums ?? (body as { creators?: unknown[] }).creators ?? []).length,
      ...(await time(RUNS, work)),
    });
  }
  console.log(`\nlists, ${RUNS} runs each (ms)`);
  console.table(rows);

  await stop();
  await drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
