// Sign-in cost: time per argon2id hash at the parameters identity uses, beside argon2's own defaults as a baseline.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const argon2 = require('argon2');
const n = Number(process.env.BENCH_HASHES ?? 20);

async function perHash(options) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await argon2.hash(`password-${i}`, options);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], p95: times[Math.floor(n * 0.95)] };
}

export async function benchArgon2() {
  const rows = [];
  const cases = [
    [
      'identity: argon2id m=19 MiB t=2 p=1 (OWASP)',
      { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 },
    ],
    ['baseline: argon2 defaults m=64 MiB t=3 p=4', { type: argon2.argon2id }],
  ];
  for (const [name, options] of cases) {
    const { median, p95 } = await perHash(options);
    rows.push({
      case: name,
      'median ms': median.toFixed(1),
      'p95 ms': p95.toFixed(1),
      'hashes/s/core': (1000 / median).toFixed(0),
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchArgon2());
