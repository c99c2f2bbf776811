import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Whether a fresh Node process has loaded the MongoDB driver after requiring `entry` (the built package). */
function loadsMongo(entry: string): boolean {
  const probe = `
    require(${JSON.stringify(entry)});
    console.log(Object.keys(require.cache).some((f) => f.includes('/node_modules/mongodb/')));
  `;
  const run = spawnSync(process.execPath, ['-e', probe], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim().split('\n').pop() === 'true';
}

describe('the link package', () => {
  it('loads no MongoDB driver for the embedded mode, which runs it on Postgres', () => {
    expect(loadsMongo('@vellum/link')).toBe(false);
  });

  it('loads it for the distributed mode', () => {
    expect(loadsMongo(path.join(root, 'services/link/dist/mongo-service.js'))).toBe(true);
  });
});
