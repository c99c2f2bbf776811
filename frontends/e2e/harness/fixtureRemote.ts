import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './paths';

export const FIXTURE_REMOTE_DIR = path.join(REPO_ROOT, 'frontends/e2e/fixtures/remote');

/** Builds the test remote with its own rsbuild + Module Federation build, like a real remote's pipeline. */
export async function buildFixtureRemote(): Promise<string> {
  const rsbuild = path.join(REPO_ROOT, 'node_modules/.bin/rsbuild');
  await promisify(execFile)(rsbuild, ['build', '-c', path.join(FIXTURE_REMOTE_DIR, 'rsbuild.config.ts')], {
    cwd: FIXTURE_REMOTE_DIR,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return path.join(FIXTURE_REMOTE_DIR, 'dist');
}
