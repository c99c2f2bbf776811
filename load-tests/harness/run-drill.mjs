// What `npm run load:rolling` and `npm run faults` share: one jest project run with the servers' addresses as
// `source ~/.cache/vellum/run/env.sh` would export them (unless already set), CI=true so a missing server fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the jest project `config` (relative to the root) with `vars` added; exits with jest's code. */
export function runDrill(config, vars, testTimeoutMs) {
  const env = { ...process.env, CI: process.env.CI ?? 'true', ...vars };
  const envFile = path.join(os.homedir(), '.cache/vellum/run/env.sh');
  if (existsSync(envFile)) {
    for (const [, name, value] of readFileSync(envFile, 'utf8').matchAll(/^export (\w+)=(\S+)$/gm)) {
      if (name !== 'PATH' && !env[name]) env[name] = value;
    }
  }
  const result = spawnSync(
    'npx',
    ['jest', '--config', path.join(root, config), '--testTimeout', String(testTimeoutMs)],
    { cwd: root, env, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
