// `npm run bench`: every benchmark, each beside its baseline, printed as tables. Build first (`npm run build`);
// the outbox relay benchmark needs DATABASE_URL and KAFKA_BROKERS (source ~/.cache/vellum/run/env.sh).
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
console.log('\n== outbox relay and event latency ==');
const relay = spawnSync(
  process.execPath,
  [
    '-r',
    './services/platform/test/events/fixtures/swc-register.cjs',
    'services/platform/bench/outbox-relay.bench.ts',
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(relay.status ?? 1);
