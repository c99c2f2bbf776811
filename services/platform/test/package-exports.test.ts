import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `@vellum/platform` is the toolkit every service and test imports; each driver loads only through its own adapter
// package (`@vellum/platform-postgres`, `-pglite`, `-kafka`, `-redis`, `-mongo`), so a process loads what it uses.
const root = path.resolve(__dirname, '../../..');

/** The driver packages a fresh Node process has loaded after requiring `entry` (the built package, as a service does). */
function driversLoadedBy(entry: string): string[] {
  const probe = `
    require(${JSON.stringify(entry)});
    const drivers = ['pg', 'kafkajs', 'ioredis', '@electric-sql/pglite', 'mongodb'];
    const loaded = Object.keys(require.cache);
    console.log(JSON.stringify(drivers.filter((d) => loaded.some((f) => f.includes('/node_modules/' + d + '/')))));
  `;
  const run = spawnSync(process.execPath, ['-e', probe], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

describe('the platform package', () => {
  it('loads no database, Kafka or Redis driver from its main entry', () => {
    expect(driversLoadedBy('@vellum/platform')).toEqual([]);
  });

  it('loads each driver from its own adapter package only', () => {
    expect(driversLoadedBy('@vellum/platform-postgres')).toEqual(['pg', 'kafkajs']);
    expect(driversLoadedBy('@vellum/platform-kafka')).toEqual(['kafkajs']);
    // PGlite loads in the adapter's worker thread; the Redis adapters take the client main.ts builds.
    expect(driversLoadedBy('@vellum/platform-pglite')).toEqual([]);
    expect(driversLoadedBy('@vellum/platform-redis')).toEqual([]);
    expect(driversLoadedBy('@vellum/platform-mongo')).toEqual(['kafkajs', 'mongodb']);
  });
});
