/**
 * Unread benchmark: a reader's unread total (the badge, counted from the store at every read mark and sign-in) when
 * they take part in 1,000 conversations, each with a few messages to them, half of them partly read. Times the
 * store's `unread` (median, p95; goal p95 < 20 ms) on each store: PGlite (embedded) always, Postgres with
 * DATABASE_URL, MongoDB's protocol (FerretDB) with MONGO_URL; the totals must come out as seeded. Build first
 * (`npm run build`), then from the repository root:
 *
 *   source ~/.cache/vellum/run/env.sh   # optional: Postgres and FerretDB too
 *   npm run bench:unread -w @vellum/messaging
 *
 * Knobs: BENCH_CONVERSATIONS (default 1000), BENCH_MESSAGES (per conversation, default 3), BENCH_ROUNDS (200).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { MessagingStore } from '../src/service';
import { pairKeyOf } from '../src/domain/conversation';
import { keyOf } from '../src/domain/cursor';
import type { StoredConversation, StoredMessage } from '../src/store/messaging-repository';
import { migratedPostgresStore, onEveryBenchStore } from './bench-stores';
import { quantile } from '@vellum/platform/test-support';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

interface Row {
  store: string;
  conversations: number;
  unread: number;
  'seed s': number;
  'unread median ms': number;
  'unread p95 ms': number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * The reader's conversations, written as the use cases write them (one unit of work each, no events: nothing
 * consumes them here): MESSAGES messages to the reader in each, and in every other one a read mark on its first.
 * Answers the unread total that leaves.
 */
async function seed({ store, unitOfWork }: MessagingStore, reader: string): Promise<number> {
  let expected = 0;
  const start = Date.now() - CONVERSATIONS * MESSAGES * 1000;
  let tick = 0;
  const at = () => new Date(start + tick++ * 1000);
  const one = async (i: number) => {
    const other = randomUUID();
    const participants = [reader, other].sort() as [string, string];
    const conversation: StoredConversation = {
      id: randomUUID(),
      participants,
      pairKey: pairKeyOf(reader, other),
      startedBy: other,
      startedAt: at(),
      vellums: participants.map((owner) => ({ id: randomUUID(), owner })),
    };
    const started = await unitOfWork((unit) =>
      unit.store.startConversation(conversation, conversation.startedAt),
    );
    if (!started?.created) throw new Error('seed: conversation not started');
    const messages: StoredMessage[] = [];
    for (let m = 0; m < MESSAGES; m++) {
      const sentAt = at();
      const id = randomUUID();
      const message = {
        id,
        conversation: conversation.id,
        sender: other,
        recipient: reader,
        text: `Message ${m} of ${i}`,
        sentAt,
        key: keyOf(sentAt, id),
        editedAt: null,
        deletedAt: null,
      };
      if (!(await unitOfWork((unit) => unit.store.addMessage(message, sentAt))))
        throw new Error('seed: message not stored');
      messages.push(message);
    }
    if (i % 2 === 0) {
      const first = messages[0]!;
      const marked = await store.addReadMark({
        conversation: conversation.id,
        reader,
        upTo: first.id,
        key: first.key,
        at: at(),
      });
      if (!marked) throw new Error('seed: read mark not stored');
      expected += MESSAGES - 1;
    } else {
      expected += MESSAGES;
    }
  };
  // A few writers at once, as many people writing would.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < CONVERSATIONS) await one(next++);
    }),
  );
  return expected;
}

async function measure(name: string, stores: MessagingStore): Promise<Row> {
  const reader = randomUUID();
  const began = performance.now();
  const expected = await seed(stores, reader);
  const seedSeconds = (performance.now() - began) / 1000;
  const total = async () => {
    let sum = 0;
    for (const n of (await stores.store.unread(reader)).values()) sum += n;
    if (sum !== expected) throw new Error(`${name}: unread ${sum}, seeded ${expected}`);
  };
  for (let i = 0; i < 10; i++) await total();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await total();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    store: name,
    conversations: CONVERSATIONS,
    unread: expected,
    'seed s': Math.round(seedSeconds * 10) / 10,
    'unread median ms': round(quantile(times, 0.5)),
    'unread p95 ms': round(quantile(times, 0.95)),
  };
}

async function main() {
  const rows = await onEveryBenchStore<Row>('unread', {
    postgres: async (name, db) => [await measure(name, await migratedPostgresStore(db))],
    mongo: async (name, store) => [await measure(name, store)],
  });
  console.log(
    `\n== unread: one reader in ${CONVERSATIONS} conversations, ${MESSAGES} messages each, half partly read (${ROUNDS} counts) ==`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
