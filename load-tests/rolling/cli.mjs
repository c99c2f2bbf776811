#!/usr/bin/env node
// `npm run load:rolling -- --duration 60s`: the rolling restart under load (rolling.test.ts) for as long as asked,
// with the servers of ~/.cache/vellum/run/env.sh. Prints the requests and the failures; exits non-zero on any failure.
// Needs `npm run build` (services/*/dist) and k6 in ~/.cache/vellum/bin.
import { runDrill } from '../harness/run-drill.mjs';

const args = process.argv.slice(2);
let duration = '60s';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--duration') duration = args[++i] ?? '';
  else if (args[i].startsWith('--duration=')) duration = args[i].slice('--duration='.length);
  else {
    process.stderr.write(`unknown argument ${args[i]}; usage: npm run load:rolling -- --duration 60s\n`);
    process.exit(2);
  }
}
const match = /^(\d+)(s|m)?$/.exec(duration);
if (!match) {
  process.stderr.write(`--duration takes seconds or minutes (60s, 2m), not ${duration}\n`);
  process.exit(2);
}
const seconds = Number(match[1]) * (match[2] === 'm' ? 60 : 1);

runDrill('load-tests/rolling/jest.config.js', { ROLLING_DURATION: String(seconds) }, (seconds + 120) * 1000);
