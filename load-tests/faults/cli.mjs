#!/usr/bin/env node
// `npm run faults -- --rounds 15`: the fault drills under load (faults.test.ts) with that many rounds of kill -9 of
// every service pod (default 1, the CI pass), on the servers of ~/.cache/vellum/run/env.sh. Its last line is
// `faults: K kills, R restarts, P partitions, W writes acknowledged, N lost, M applied twice, max recovery S s`;
// it exits non-zero on a loss, a double, a disagreeing read model or an answer other than the documented ones.
// Needs `npm run build` (services/*/dist) and k6 in ~/.cache/vellum/bin.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
let rounds = '1';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = args[++i] ?? '';
  else if (args[i].startsWith('--rounds=')) rounds = args[i].slice('--rounds='.length);
  else {
    process.stderr.write(`unknown argument ${args[i]}; usage: npm run faults -- --rounds 15\n`);
    process.exit(2);
  }
}
if (!/^[1-9]\d*$/.test(rounds)) {
  process.stderr.write(`--rounds takes a whole number of rounds (1 or more), not ${rounds}\n`);
  process.exit(2);
}

// The servers' addresses as `source ~/.cache/vellum/run/env.sh` would export them, unless already set.
const env = { ...process.env, CI: process.env.CI ?? 'true', FAULTS_KILL_ROUNDS: rounds };
const envFile = path.join(os.homedir(), '.cache/vellum/run/env.sh');
if (existsSync(envFile)) {
  for (const [, name, value] of readFileSync(envFile, 'utf8').matchAll(/^export (\w+)=(\S+)$/gm)) {
    if (name !== 'PATH' && !env[name]) env[name] = value;
  }
}
const result = spawnSync(
  'npx',
  [
    'jest',
    '--config',
    path.join(root, 'load-tests/faults/jest.config.js'),
    '--testTimeout',
    String((Number(rounds) * 120 + 600) * 1000),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
