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
import type { Db } from '@vellum/platform';
import type { VellumSearchResponse } from '@vellum/proto';
import { benchApi, openDb, time } from './measure';

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

async function seed(db: Db, ownerId: string) {
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

async function benchOn(url: string | undefined) {
  const { db, name, drop } = await openDb(url);
  const { ownerId, seededSeconds, get: call, stop } = await benchApi(db, seed);
  console.log(
    `\n== vellum text search on ${name}: ${TOTAL} vellums, ${OWN} of one owner (seeded and indexed in ${seededSeconds} s) ==`,
  );
  const get = (path: string, asOwner = false) => call<VellumSearchResponse>(path, asOwner);
  const discover = (q: string, cursor = '') =>
    `/api/vellums?search=${encodeURIComponent(q)}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const matching = async (q: string, scope: string) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vellum.vellums
        WHERE search_doc @@ (to_tsquery('english', $1) || to_tsquery('russian', $1)) AND ${scope}`,
      [q],
    );
    return rows[0]!.n;
  };
  const secondPage = (await get(discover('garden'))).nextCursor ?? '';
  const cases: Array<[string, string, string, () => Promise<unknown>]> = [
    ['Discover: a rare word', 'zor123:*', 'is_public', () => get(discover('zor123'))],
    ['Discover: a common English word (stem)', 'gardens:*', 'is_public', () => get(discover('gardens'))],
    ['Discover: two common words', 'garden & river:*', 'is_public', () => get(discover('garden river'))],
    [
      'Discover: a quoted phrase',
      'and <-> the <-> garden',
      'is_public',
      () => get(discover('"and the garden"')),
    ],
    ['Discover: a prefix as typed', 'gard:*', 'is_public', () => get(discover('gard'))],
    ['Discover: Russian by its stem', 'города:*', 'is_public', () => get(discover('города'))],
    ['Discover: Russian from Latin letters', 'gorod:* | город:*', 'is_public', () => get(discover('gorod'))],
    ['Discover: the second page', 'garden:*', 'is_public', () => get(discover('garden', secondPage))],
    [
      'owner: a common word in own vellums',
      'river:*',
      `owner_id = '${ownerId}'`,
      () => get(`/api/cirrus/bench.owner/vellums?search=river`, true),
    ],
    [
      'owner: a rare word in own vellums',
      'zor77:*',
      `owner_id = '${ownerId}'`,
      () => get(`/api/cirrus/bench.owner/vellums?search=zor77`, true),
    ],
  ];
  const rows = [];
  for (const [search, tsquery, scope, work] of cases) {
    rows.push({ search, matches: await matching(tsquery, scope), ...(await time(RUNS, work)) });
    if (process.env.BENCH_PROGRESS) console.log(rows.at(-1));
  }
  console.log(`\nsearch: a page of 50 with snippets through the API, ${RUNS} runs each (ms)`);
  console.table(rows);
  await stop();
  await drop();
}

async function main() {
  await benchOn(undefined);
  if (process.env.DATABASE_URL) await benchOn(process.env.DATABASE_URL);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
