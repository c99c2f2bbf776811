/**
 * Search benchmark (issue 29: p95 < 50 ms in a conversation of 100,000 messages): one conversation of
 * BENCH_MESSAGES messages (default 100,000) of 4 to 16 words drawn from a vocabulary of 5,000 made-up words (a
 * fifth of them Cyrillic) with Zipf's frequencies, as people's words go; then the store's `searchMessages` (a page
 * of 20, its snippets included) for words of every frequency, two words, a phrase, a prefix as one types and a
 * Russian word typed in Latin letters: median and p95 per kind and over all. PGlite always, Postgres with
 * DATABASE_URL, MongoDB's protocol (FerretDB) with MONGO_URL (BENCH_MONGO_MESSAGES, default the same). Build first
 * (`npm run build`), then from the repository root:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: Postgres and FerretDB too
 *   npm run bench:search -w @vellum/messaging
 *
 * Knobs: BENCH_MESSAGES, BENCH_MONGO_MESSAGES, BENCH_ROUNDS (searches per kind, default 40), BENCH_MONGO_ROUNDS
 * (default 5).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { cyrillicToLatin, latinToCyrillic } from '@vellum/proto';
import { parseSearch } from '@vellum/platform';
import type { MessagingStore } from '../src/service';
import { indexedWordsOf } from '../src/store/search-words';
import type { StoredConversation, StoredMessage } from '../src/store/messaging-repository';
import { newConversation, storedMessage } from '../test/support/stored-messages';
import { migratedPostgresStore, onEveryBenchStore } from './bench-stores';
import { quantile } from '@vellum/platform/test-support';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const MONGO_MESSAGES = Number(process.env.BENCH_MONGO_MESSAGES ?? MESSAGES);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** FerretDB reads a whole collection for a filter on anything but `_id`: fewer rounds there. */
const MONGO_ROUNDS = Number(process.env.BENCH_MONGO_ROUNDS ?? 5);
const VOCABULARY = 5000;
const PAGE = 20;
const BATCH = 1000;

/** A seeded generator, so every store gets the same messages and searches. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sto',
  'vu',
  'dar',
  'pel',
  'zin',
  'tro',
  'bal',
  'nek',
  'sha',
  'gor',
];

/** Made-up words (none a stop word of either language), a fifth of them Cyrillic, most frequent first. */
function vocabulary(next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const length = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(words.size % 5 === 4 ? latinToCyrillic(word) : word);
  }
  return [...words];
}

/** Zipf's law: the word of rank r comes with frequency about 1 / r. */
function zipf(next: () => number, n: number): () => number {
  const weights = Array.from({ length: n }, (_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return () => {
    const x = next();
    let [lo, hi] = [0, n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Corpus {
  words: string[];
  texts: string[];
}

function corpus(count: number): Corpus {
  const next = random(29);
  const words = vocabulary(next);
  const rank = zipf(next, words.length);
  const texts = Array.from({ length: count }, () => {
    const length = 4 + Math.floor(next() * 13);
    const text = Array.from({ length }, () => words[rank()]!).join(' ');
    return text[0]!.toUpperCase() + text.slice(1) + '.';
  });
  return { words, texts };
}

/** The searches, by kind: words by frequency, two words, a phrase of a sent message, a prefix, the other alphabet. */
function searches({ words, texts }: Corpus): Array<[kind: string, q: string]> {
  const next = random(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const latinRank = (from: number) => words.slice(from).find((w) => /^[a-z]+$/.test(w))!;
  const cyrillicOf = (from: number) => words.slice(from).find((w) => !/^[a-z]+$/.test(w))!;
  const phraseOf = () => {
    const parts = pick(texts).toLowerCase().replace('.', '').split(' ');
    const at = Math.floor(next() * (parts.length - 1));
    return `"${parts[at]} ${parts[at + 1]}"`;
  };
  return [
    ['most frequent word', `"${words[0]}"`],
    ['a word of rank 10', `"${latinRank(10)}"`],
    ['a word of rank 100', `"${latinRank(100)}"`],
    ['a word of rank 2,000', `"${latinRank(2000)}"`],
    ['two words', `"${latinRank(20)}" "${latinRank(300)}"`],
    ['a phrase of a message', phraseOf()],
    ['a prefix as one types', latinRank(50).slice(0, 4)],
    ['Russian typed in Latin', `"${cyrillicToLatin(cyrillicOf(30))}"`],
  ];
}

interface Row {
  store: string;
  search: string;
  found: string;
  'median ms': number;
  'p95 ms': number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function startConversation({ unitOfWork }: MessagingStore): Promise<StoredConversation> {
  const conversation = newConversation(randomUUID(), randomUUID());
  const started = await unitOfWork((unit) =>
    unit.store.startConversation(conversation, conversation.startedAt),
  );
  if (!started?.created) throw new Error('seed: conversation not started');
  return conversation;
}

/** The conversation's messages, a minute apart, by its two participants in turn, a batch at a time. */
function* messagesOf(c: StoredConversation, texts: readonly string[]): Generator<StoredMessage[]> {
  for (let from = 0; from < texts.length; from += BATCH) {
    yield texts
      .slice(from, from + BATCH)
      .map((text, i) => storedMessage(c, c.participants[(from + i) % 2]!, (from + i) * 60, text));
  }
}

async function timed(
  name: string,
  stores: MessagingStore,
  conversation: string,
  kinds: Array<[string, string]>,
  rounds = ROUNDS,
): Promise<Row[]> {
  const rows: Row[] = [];
  const all: number[] = [];
  for (const [kind, q] of kinds) {
    const search = parseSearch(q)!;
    const run = () => stores.store.searchMessages(conversation, search, { limit: PAGE + 1 });
    const found = (await run()).length;
    for (let i = 0; i < Math.min(3, rounds); i++) await run();
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const began = performance.now();
      await run();
      times.push(performance.now() - began);
    }
    all.push(...times);
    times.sort((x, y) => x - y);
    rows.push({
      store: name,
      search: `${kind}: ${q}`,
      found: found > PAGE ? `${PAGE}+` : String(found),
      'median ms': round(quantile(times, 0.5)),
      'p95 ms': round(quantile(times, 0.95)),
    });
  }
  all.sort((x, y) => x - y);
  rows.push({
    store: name,
    search: 'all of the above',
    found: '',
    'median ms': round(quantile(all, 0.5)),
    'p95 ms': round(quantile(all, 0.95)),
  });
  return rows;
}

/** Seeds the conversation a batch at a time with `insert`, then times its searches. */
async function seededAndTimed(
  name: string,
  store: MessagingStore,
  data: Corpus,
  insert: (batch: StoredMessage[]) => Promise<unknown>,
  rounds?: number,
): Promise<Row[]> {
  const conversation = await startConversation(store);
  const began = performance.now();
  for (const batch of messagesOf(conversation, data.texts)) await insert(batch);
  const seconds = Math.round((performance.now() - began) / 1000);
  console.log(`${name}: ${data.texts.length} messages seeded in ${seconds} s`);
  return timed(name, store, conversation.id, searches(data), rounds);
}

async function main() {
  const data = corpus(MESSAGES);
  const rows = await onEveryBenchStore<Row>('search', {
    async postgres(name, db) {
      // Straight into the table, a thousand rows a statement: the generated column computes each one's words.
      const insert = (batch: StoredMessage[]) => {
        const column = <K extends keyof StoredMessage>(k: K) => batch.map((m) => m[k]);
        return db.query(
          `INSERT INTO messaging.messages (id, conversation_id, sender_id, recipient_id, text, sent_at, key)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[],
                                $7::text[])`,
          [
            column('id'),
            column('conversation'),
            column('sender'),
            column('recipient'),
            column('text'),
            batch.map((m) => m.sentAt.toISOString()),
            column('key'),
          ],
        );
      };
      return seededAndTimed(name, await migratedPostgresStore(db), data, insert);
    },
    ...(MONGO_MESSAGES > 0 && {
      async mongo(name, store, collections) {
        // Documents as the adapter inserts them, `words` included (no events to carry).
        const insert = (batch: StoredMessage[]) =>
          collections.messages.insertMany(
            batch.map(({ id, editedAt: _e, deletedAt: _d, ...m }) => ({
              _id: id,
              ...m,
              words: indexedWordsOf(m.text),
            })),
          );
        const mongoData = MONGO_MESSAGES === MESSAGES ? data : corpus(MONGO_MESSAGES);
        return seededAndTimed(name, store, mongoData, insert, MONGO_ROUNDS);
      },
    }),
  });
  console.log(
    `\n== search in one conversation of ${MESSAGES} messages (a page of ${PAGE}, ${ROUNDS} searches each; MongoDB: ${MONGO_MESSAGES} messages, ${MONGO_ROUNDS} searches each) ==`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
