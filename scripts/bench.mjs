// `npm run bench`: every benchmark, each beside its baseline, printed as tables. Build first (`npm run build`);
// the outbox relay benchmark needs DATABASE_URL and KAFKA_BROKERS (source ~/.cache/vellum/run/env.sh); vellum's
// and social's run on PGlite and, with DATABASE_URL, on Postgres too; link's on PGlite, and on Postgres and FerretDB
// with DATABASE_URL and MONGO_URL; messaging's realtime runs two replicas on MONGO_URL, REDIS_URL and KAFKA_BROKERS.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchStartup } from './bench/startup.mjs';
import { benchArgon2 } from './bench/argon2.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

console.log('\n== embedded start-up and memory ==');
console.table(await benchStartup());
console.log('\n== sign-in cost: argon2id ==');
console.table(await benchArgon2());
// The TypeScript benchmarks run from source through swc, as the tests do.
const benches = [
  ['outbox relay and event latency', 'services/platform/bench/outbox-relay.bench.ts'],
  [
    'vellum discovery: cursor against OFFSET, 200,000 public vellums',
    'services/vellum/bench/discovery.bench.ts',
  ],
  [
    'vellum text search: 200,000 vellums (PGlite; Postgres with DATABASE_URL)',
    'services/vellum/bench/search.bench.ts',
  ],
  ['social: search and follower lists, 100,000 cirri', 'services/social/bench/social.bench.ts'],
  [
    'analytics: 100,000 cirri and 1,000,000 events projected, the admin lists (Postgres with DATABASE_URL, else PGlite)',
    'services/analytics/bench/analytics.bench.ts',
  ],
  ['embedded writes: create + publish, layer by layer', 'services/vellum/bench/embedded-writes.bench.ts'],
  [
    "link: a page of 100 links, redirect throughput, and the owner's counts with 1,000,000 clicks (PGlite; Postgres, FerretDB when set)",
    'services/link/bench/link.bench.ts',
  ],
  [
    "messaging unread: a reader's total in 1,000 conversations (PGlite; Postgres, FerretDB when set)",
    'services/messaging/bench/unread.bench.ts',
  ],
  [
    'messaging search: one conversation of 100,000 messages (PGlite; Postgres, FerretDB when set)',
    'services/messaging/bench/search.bench.ts',
  ],
  [
    'messaging realtime: delivery across two replicas, 2,000 clients reconnecting (MONGO_URL, REDIS_URL, KAFKA_BROKERS)',
    'services/messaging/bench/realtime.bench.ts',
  ],
];
let failed = 0;
for (const [title, file] of benches) {
  console.log(`\n== ${title} ==`);
  const run = spawnSync(
    process.execPath,
    ['-r', './services/platform/test/events/fixtures/swc-register.cjs', file],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
