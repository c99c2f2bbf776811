// Embedded mode budget: time from `node services/all-in-one/dist/main.js` to /healthz 200 and /readyz 200, and
// resident memory once idle; baseline: a bare Node HTTP server started the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.BENCH_RUNS ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function timeToReady(args, env, probe) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, METRICS_PORT: '0', ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error('not ready in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ms, rss };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchStartup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vellum-bench-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  const main = path.join(root, 'services/all-in-one/dist/main.js');
  const first = await timeToReady([main], env, '/readyz');
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await timeToReady([main], env, '/readyz'));
  const bare = [];
  const bareServer = "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)";
  for (let i = 0; i < runs; i++) bare.push(await timeToReady(['-e', bareServer], {}, '/'));
  rmSync(dataDir, { recursive: true, force: true });
  return [
    {
      case: 'embedded, first start (creates the database)',
      'ready ms': first.ms.toFixed(0),
      'idle RSS MB': first.rss.toFixed(0),
    },
    {
      case: `embedded, restart (median of ${runs})`,
      'ready ms': median(warm.map((r) => r.ms)).toFixed(0),
      'idle RSS MB': median(warm.map((r) => r.rss)).toFixed(0),
    },
    {
      case: `baseline: bare node http server (median of ${runs})`,
      'ready ms': median(bare.map((r) => r.ms)).toFixed(0),
      'idle RSS MB': median(bare.map((r) => r.rss)).toFixed(0),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchStartup());
