import { spawnSync } from 'node:child_process';
import { repoRoot } from './processes';

/**
 * Whether a fresh Node process has loaded a module whose path contains `fragment` after requiring `entry` (a built
 * package or file): a package's embedded entry must not load the driver of a store it does not use.
 */
export function loadsModule(entry: string, fragment: string): boolean {
  const probe = `
    require(${JSON.stringify(entry)});
    console.log(Object.keys(require.cache).some((f) => f.includes(${JSON.stringify(fragment)})));
  `;
  const run = spawnSync(process.execPath, ['-e', probe], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim().split('\n').pop() === 'true';
}
