#!/usr/bin/env node
// `npm run faults -- --rounds 13 --restart-rounds 3`: the fault drills under load (faults.test.ts) with that many
// rounds of kill -9 of every service pod and of restarts of every store (default 1 each, as the CI pass), the slow
// and cut network (Toxiproxy) and a reconnect storm of that many sockets (default 2,000; the CI pass has 600), on
// the servers of ~/.cache/vellum/run/env.sh. Its last line is
// `faults: K kills, R restarts, P partitions, W writes acknowledged, N lost, M applied twice, max recovery S s`;
// it exits non-zero on a loss, a double, a disagreeing read model or an answer other than the documented ones.
// Needs `npm run build` (services/*/dist) and k6 in ~/.cache/vellum/bin.
import { runDrill } from '../harness/run-drill.mjs';

const args = process.argv.slice(2);
const USAGE = 'usage: npm run faults -- [--rounds N] [--restart-rounds M] [--storm-sockets S]';
const counts = { '--rounds': '1', '--restart-rounds': '1', '--storm-sockets': '2000' };
for (let i = 0; i < args.length; i++) {
  const [name, inline] = args[i].split('=', 2);
  if (!(name in counts)) {
    process.stderr.write(`unknown argument ${args[i]}; ${USAGE}\n`);
    process.exit(2);
  }
  counts[name] = inline ?? args[++i] ?? '';
}
for (const [name, value] of Object.entries(counts)) {
  if (!/^[1-9]\d*$/.test(value)) {
    process.stderr.write(`${name} takes a whole number (1 or more), not ${value}; ${USAGE}\n`);
    process.exit(2);
  }
}
const rounds = counts['--rounds'];
const restartRounds = counts['--restart-rounds'];

runDrill(
  'load-tests/faults/jest.config.js',
  {
    FAULTS_KILL_ROUNDS: rounds,
    FAULTS_RESTART_ROUNDS: restartRounds,
    FAULTS_STORM_SOCKETS: counts['--storm-sockets'],
    FAULTS_NETWORK: 'on',
    FAULTS_FIRST_WRITE_LIMIT_MS: '10000',
  },
  (Number(rounds) * 240 + Number(restartRounds) * 240 + 1000) * 1000,
);
