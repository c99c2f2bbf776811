/**
 * Vellum text search benchmark: 200,000 vellums (BENCH_VELLUMS), of which one owner has BENCH_OWN (default 20,000,
 * one in ten public) and 2,000 other authors the rest, all public. Each text has English words (a vocabulary of
 * 120, each in about 2.5% of the texts), Russian words (40 words, about 5% each) and rare made-up words (each in
 * about 30 texts). Prints median and p95 (BENCH_RUNS runs) of searches through the HTTP API as the gateway calls it,
 * with how many vellums each matches: Discover's search of public vellums (a rare word, a common one, two words, a
 * phrase, a prefix as typed, Russian by stem and from Latin letters, the second page by cursor) and the owner's
 * search in their own (private ones included). On PGlite always, and on Postgres too with DATABASE_URL (a
 * throw-away database on that server). From the repository root after `npm run build`:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: Postgres too
 *   node -r ./services/platform/test/events/fixtures/swc-register.cjs services/vellum/bench/search.bench.ts
 */
import {
  HEADLINE_OPTIONS,
  parseSearch,
  tsquerySql,
  tsqueryText,
  tsqueryWordsText,
  type Db,
} from '@vellum/platform';
import type { VellumSearchResponse } from '@vellum/proto';
import { vellumStore } from '../src/store/vellum-store';
import { benchApi, ms, openDb, time } from './measure';

const TOTAL = Number(process.env.BENCH_VELLUMS ?? 200_000);
const OWN = Number(process.env.BENCH_OWN ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const ENGLISH = (
  'garden river mountain music history science kitchen travel winter summer engine market letter window forest ' +
  'island bridge castle doctor teacher planet ocean library theatre machine village harbour station picture ' +
  'journey painting weather language country animal flower computer morning evening holiday student company ' +
  'factory hospital network message problem answer question picture secret silver golden thunder lantern ' +
  'blanket cottage meadow orchard pepper tomato violin trumpet guitar candle mirror ladder basket pillow wallet ' +
  'button pocket jacket sweater diamond crystal marble granite pebble canyon valley desert glacier volcano ' +
  'tunnel highway airport railway harvest festival parade concert gallery museum chapter novel poem story ' +
  'legend rocket satellite telescope microscope battery circuit cable signal engineer pilot sailor farmer ' +
  'baker painter writer singer dancer'
).split(' ');
const RUSSIAN = (
  'город река гора музыка история наука кухня зима лето окно лес остров мост замок врач учитель планета океан ' +
  'библиотека деревня дорога книга письмо сказка песня картина погода страна цветок утро вечер праздник ' +
  'студент завод больница сеть вопрос ответ тайна звезда'
).split(' ');

export async function seed(db: Db, ownerId: string) {
  // Word k of text i: a deterministic pick from the vocabulary (hashint4 spreads the picks).
  const pick = (list: string, k: number) =>
    `(${list})[1 + abs(hashint4(i * 16 + ${k})) % array_length(${list}, 1)]`;
  const rare = (k: number) =>
    `'zor' || abs(hashint4(i * 16 + ${k})) % ${Math.max(1, Math.round(TOTAL / 30))}`;
  // In slices, so that one statement's memory stays small on PGlite.
  const slice = 5_000;
  for (let from = 1; from <= TOTAL; from += slice) {
    await db.query(
      `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, is_public, is_new, created_at, last_edited)
       SELECT gen_random_uuid(),
              CASE WHEN i <= $4 THEN $3::uuid
                   ELSE ('00000000-0000-4000-8000-' || lpad(to_hex(1 + i % 2000), 12, '0'))::uuid END,
              initcap(${pick('$1::text[]', 0)}) || ' notes ' || i, '',
              concat_ws(' ', 'The', ${pick('$1::text[]', 1)}, 'and the', ${pick('$1::text[]', 2)}, 'of', ${pick('$1::text[]', 3)}, '—',
                        ${pick('$2::text[]', 4)}, ${pick('$2::text[]', 5)}, ${rare(6)}, ${rare(7)}, ${rare(8)}, ${rare(9)},
                        'with', ${pick('$1::text[]', 10)}, ${rare(11)}, ${rare(12)}),
              i > $4 OR i % 10 = 0, false,
              timestamptz '2025-01-01' + i * interval '1 second', timestamptz '2025-01-01' + i * interval '1 second'
         FROM generate_series($5::int, $6::int) i`,
      [ENGLISH, RUSSIAN, ownerId, OWN, from, Math.min(TOTAL, from + slice - 1)],
    );
  }
  await db.query('ANALYZE vellum.vellums');
  await db.query('ANALYZE vellum.authors');
}

/** The baseline: the first page with every match ranked (the query before VELLUM_SEARCH_RANKED), headlines too. */
async function everyMatchRanked(db: Db, tsquery: string, scope: string) {
  const query = tsquerySql('$1');
  const { rows } = await db.query(
    `WITH page AS (
       SELECT m.id, m.rank FROM (
         SELECT v.id, ts_rank_cd(v.search_doc, ${query}) AS rank FROM vellum.vellums v
          WHERE v.search_doc @@ ${query} AND ${scope} OFFSET 0) m
       ORDER BY m.rank DESC, m.id DESC LIMIT 51)
     SELECT v.id, v.title, ts_headline('russian', v.body_text, ${query}, $2) AS headline
       FROM page JOIN vellum.vellums v ON v.id = page.id ORDER BY page.rank DESC, page.id DESC`,
    [tsquery, HEADLINE_OPTIONS],
  );
  return rows;
}

async function benchOn(url: string | undefined) {
  const { db, name, drop } = await openDb(url);
  const { ownerId, seededSeconds, get: call, stop } = await benchApi(db, seed);
  console.log(
    `\n== vellum text search on ${name}: ${TOTAL} vellums, ${OWN} of one owner (seeded and indexed in ${seededSeconds} s) ==`,
  );
  const get = (path: string, asOwner = false) => call<VellumSearchResponse>(path, asOwner);
  const discover = (q: string, cursor = '') =>
    `/api/vellums?search=${encodeURIComponent(q)}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const publicScope = 'public' as const;
  const ownScope = { ownerId, all: true };
  const scopeSql = (scope: typeof publicScope | typeof ownScope) =>
    scope === 'public' ? 'is_public' : `owner_id = '${scope.ownerId}'`;
  const matching = async (q: string, scope: typeof publicScope | typeof ownScope) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vellum.vellums WHERE search_doc @@ ${tsquerySql('$1')} AND ${scopeSql(scope)}`,
      [tsqueryText(parseSearch(q)!)],
    );
    return rows[0]!.n;
  };
  const secondPage = (await get(discover('garden'))).nextCursor ?? '';
  const cases: Array<[string, string, typeof publicScope | typeof ownScope, () => Promise<unknown>]> = [
    ['Discover: a rare word', 'zor123', publicScope, () => get(discover('zor123'))],
    ['Discover: a common English word (stem)', 'gardens', publicScope, () => get(discover('gardens'))],
    ['Discover: two common words', 'garden river', publicScope, () => get(discover('garden river'))],
    ['Discover: a quoted phrase', '"and the garden"', publicScope, () => get(discover('"and the garden"'))],
    ['Discover: a prefix as typed', 'gard', publicScope, () => get(discover('gard'))],
    ['Discover: Russian by its stem', 'города', publicScope, () => get(discover('города'))],
    ['Discover: Russian from Latin letters', 'gorod', publicScope, () => get(discover('gorod'))],
    ['Discover: the second page', 'garden', publicScope, () => get(discover('garden', secondPage))],
    [
      'owner: a common word in own vellums',
      'river',
      ownScope,
      () => get(`/api/cirrus/bench.owner/vellums?search=river`, true),
    ],
    [
      'owner: a rare word in own vellums',
      'zor77',
      ownScope,
      () => get(`/api/cirrus/bench.owner/vellums?search=zor77`, true),
    ],
  ];
  const rows = [];
  for (const [search, text, scope, work] of cases) {
    const parsed = parseSearch(text)!;
    const firstPage = { tsquery: tsqueryText(parsed), scope, limit: 51 };
    // The store's own query (the window) beside every match ranked (the design before it), on the same data.
    const windowed = () => vellumStore.search(db, { ...firstPage, wordsTsquery: tsqueryWordsText(parsed) });
    const everyMatch = () => everyMatchRanked(db, firstPage.tsquery, scopeSql(scope));
    const api = await time(RUNS, work);
    const store = search.includes('second page') ? null : await time(RUNS, windowed);
    const baseline = store && (await time(RUNS, everyMatch));
    rows.push({
      search,
      matches: await matching(text, scope),
      'API median': api.median,
      'API p95': api.p95,
      'store median': store?.median ?? '',
      'store p95': store?.p95 ?? '',
      'all ranked median': baseline?.median ?? '',
      'all ranked p95': baseline?.p95 ?? '',
      'p95 ratio': store && baseline ? ms(store.p95 / baseline.p95) : '',
    });
    if (process.env.BENCH_PROGRESS) console.log(rows.at(-1));
  }
  console.log(
    `\nsearch: a page of 50 with snippets through the API, and the store's query beside every match ranked, ${RUNS} runs each (ms)`,
  );
  console.table(rows);
  await stop();
  await drop();
}

async function main() {
  await benchOn(undefined);
  if (process.env.DATABASE_URL) await benchOn(process.env.DATABASE_URL);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
