// Starts the product for a load run or a benchmark: embedded (services/all-in-one/dist/main.js on PGlite) or
// distributed (gateway, identity, vellum, social and action, each its dist/main.js, on Postgres, Redis and Kafka),
// every process on a free loopback port, its output kept in a log file.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVICES = ['identity', 'vellum', 'social', 'action', 'link', 'gateway'];
const entryOf = (name) => path.join(repoRoot, 'services', name, 'dist/main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Builds the services (`tsc -b tsconfig.build.json`) when a dist/main.js is missing or older than its sources, as
 * `npm start` does; with `build: false` only checks that every entry exists.
 */
export function ensureBuilt({ build = true } = {}) {
  const entries = ['all-in-one', ...SERVICES].map(entryOf);
  const missing = entries.filter((file) => !existsSync(file));
  if (!build) {
    if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run npm run build)`);
    return;
  }
  const sources = ['proto/src', 'services'].map((d) => path.join(repoRoot, d));
  const oldest = missing.length ? 0 : Math.min(...entries.map((file) => statSync(file).mtimeMs));
  if (missing.length || sources.some((dir) => newest(dir) > oldest)) {
    console.log('Building the services (tsc -b tsconfig.build.json)…');
    const result = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the build failed');
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in bytes (Linux: /proc/<pid>/status VmRSS), or undefined once it is gone. */
export function rssOf(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time a process has used so far (user + system, in milliseconds; Linux's /proc, whose clock ticks are 1/100 s
 * on every kernel built with USER_HZ 100), or undefined when it cannot be read.
 */
export function cpuMsOf(pid) {
  try {
    // The fields after the command name, which may itself hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** One node process on a free port, started with `env`, ready once GET /readyz answers 200. */
export async function startNodeProcess(name, entry, env, logFile, { args = [], timeoutMs = 60_000 } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...args, entry], {
    cwd: repoRoot,
    env: { ...process.env, METRICS_PORT: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode}; its log: ${logFile}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; its log: ${logFile}`);
    }
    await sleep(200);
  }
  return {
    name,
    url,
    port,
    pid: child.pid,
    logFile,
    /** SIGTERM, then SIGKILL after 20 s; resolves with the exit code (or signal). */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
}

/**
 * The settings every product run here shares: a credential-call limit that a seeding step never reaches, link
 * redirect limits per address that the load's one address never reaches (every click counted, as before the limits:
 * the load measures the counting write), and the dev mailbox the seed verifies its people through
 * (load-tests/seed/client.mjs).
 */
const LOAD_ENV = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  LINK_REDIRECTS_PER_MINUTE: '1000000',
  LINK_COUNTED_CLICKS_PER_MINUTE: '1000000',
  DEV_MAILBOX: 'on',
};

/**
 * The embedded product (`npm start`'s process) on `dataDir`, loopback only, on a free port. LOG_LEVEL is the
 * product's default unless the caller's environment sets it. `nodeArgs` go to node (say, --cpu-prof).
 */
export async function startEmbedded({ dataDir, logFile, env = {}, nodeArgs = [] }) {
  const proc = await startNodeProcess(
    'embedded',
    entryOf('all-in-one'),
    { ...LOAD_ENV, HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    logFile,
    { args: nodeArgs },
  );
  return { mode: 'embedded', url: proc.url, pids: [proc.pid], processes: [proc], stop: () => proc.stop() };
}

/**
 * The distributed product: identity, vellum, social, action, link, messaging and analytics as processes of their
 * own on `databaseUrl`, `mongoUrl`, Redis and Kafka, and the gateway in front of them (its URL is the product's), as services/platform/test-support's
 * describeDistributed starts them. `nodeArgs` go to every process (say, --cpu-prof).
 */
export async function startDistributed({
  databaseUrl,
  redisUrl,
  brokers,
  mongoUrl,
  logDir,
  env = {},
  nodeArgs = [],
}) {
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  const stores = { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers };
  const started = [];
  const start = async (name, vars) => {
    const proc = await startNodeProcess(
      name,
      entryOf(name),
      { ...vars, ...env },
      path.join(logDir, `${name}.log`),
      {
        args: nodeArgs,
      },
    );
    started.push(proc);
    return proc;
  };
  try {
    const gatewayPort = await freePort();
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;
    // One at a time: each service migrates its own schema at start, and the machine has few cores.
    const identity = await start('identity', {
      ...secrets,
      ...stores,
      REDIS_URL: redisUrl,
      PUBLIC_URL: publicUrl,
      DEV_MAILBOX: LOAD_ENV.DEV_MAILBOX,
    });
    const upstreams = { IDENTITY_URL: identity.url };
    for (const name of ['vellum', 'social', 'action', 'link', 'messaging', 'analytics']) {
      // Link and messaging keep their data on MongoDB (FerretDB here), messaging its sockets' rooms and link its
      // click limits on Redis; the others ignore MONGO_URL, REDIS_URL and the link limits.
      const proc = await start(name, {
        ...LOAD_ENV,
        INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET,
        ...stores,
        MONGO_URL: mongoUrl,
        REDIS_URL: redisUrl,
      });
      upstreams[`${name.toUpperCase()}_URL`] = proc.url;
    }
    const gateway = await start('gateway', {
      ...secrets,
      ...LOAD_ENV,
      REDIS_URL: redisUrl,
      PUBLIC_URL: publicUrl,
      PORT: String(gatewayPort),
      ...upstreams,
    });
    return {
      mode: 'distributed',
      url: gateway.url,
      pids: started.map((p) => p.pid),
      processes: started,
      // The gateway first, so no request reaches a stopped service.
      stop: async () => {
        await gateway.stop();
        return Promise.all(started.filter((p) => p !== gateway).map((p) => p.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((p) => p.stop()));
    throw error;
  }
}

/** The real servers' addresses (`source ~/.cache/vellum/run/env.sh`), or an error naming what is missing. */
export function serverEnv() {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS, MONGO_URL } = process.env;
  const missing = Object.entries({ DATABASE_URL, REDIS_URL, KAFKA_BROKERS, MONGO_URL })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length)
    throw new Error(
      `${missing.join(', ')} not set: run source ~/.cache/vellum/run/env.sh (scripts/servers/up.sh)`,
    );
  return { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, brokers: KAFKA_BROKERS, mongoUrl: MONGO_URL };
}

/**
 * Deletes the vellums of the seeded people from a shared Postgres (the distributed mode runs on DATABASE_URL, as the
 * distributed tests do), so repeated runs do not pile thousands of public vellums into it.
 */
export async function removeSeededVellums(databaseUrl, ownerIds) {
  if (!ownerIds.length) return 0;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('DELETE FROM vellum.vellums WHERE owner_id = ANY($1::uuid[])', [
      ownerIds,
    ]);
    return rowCount;
  } finally {
    await client.end();
  }
}
