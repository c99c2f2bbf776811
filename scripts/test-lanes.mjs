#!/usr/bin/env node
// Runs jest's projects in the root config's two lanes side by side (jest.config.js says which project is where):
// one jest per lane, each one file at a time, their lines prefixed with the lane's name. Arguments go to both
// jests; `--outputFile` (with `--json`) receives both lanes' results merged into one report, as one jest would
// write it. TEST_LANES=serial runs the lanes one after the other (to compare, or to read a failure in peace).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const config = require(path.join(root, 'jest.config.js'));
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });
const { goToolsReady } = require('./go-tools-ready.js');

function lanesOf(config) {
  const lanes = config.lanes;
  if (!lanes) throw new Error('jest.config.js exports no lanes');
  const placed = Object.values(lanes).flat();
  const unplaced = config.projects.filter((p) => placed.filter((q) => q === p).length !== 1);
  if (unplaced.length) throw new Error(`each project belongs to exactly one lane: ${unplaced.join(', ')}`);
  return Object.entries(lanes).map(([name, projects]) => ({
    name,
    projects: projects.map((p) => p.replace('<rootDir>', root)),
  }));
}

/** The arguments without `--outputFile`, and the file it named. */
function splitOutputFile(args) {
  const rest = [];
  let outputFile;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--outputFile=')) outputFile = arg.slice('--outputFile='.length);
    else if (arg === '--outputFile') outputFile = args[++i];
    else rest.push(arg);
  }
  return { rest, outputFile };
}

function runLane(lane, args, resultsFile, width) {
  const label = `[${lane.name}]`.padEnd(width + 3);
  const started = Date.now();
  const hasWorkers = args.some(
    (a) => a.startsWith('--maxWorkers') || a === '-w' || a === '--runInBand' || a === '-i',
  );
  const child = spawn(
    process.execPath,
    [
      jestBin,
      '--projects',
      ...lane.projects,
      ...(hasWorkers ? [] : ['--maxWorkers=1']),
      '--passWithNoTests',
      // A suite that leaves a handle open (a failed teardown's process) must not hold CI until its time limit.
      '--forceExit',
      ...args,
      '--json',
      `--outputFile=${resultsFile}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => out.write(`${label}${line}\n`));
  }
  running.add(child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ lane, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000, resultsFile });
    });
  });
}

const COUNTS = [
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
  'numRuntimeErrorTestSuites',
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
];

function readResults(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function merge(reports) {
  const merged = Object.fromEntries(COUNTS.map((k) => [k, reports.reduce((sum, r) => sum + (r[k] ?? 0), 0)]));
  return {
    ...merged,
    success: reports.every((r) => r.success),
    wasInterrupted: reports.some((r) => r.wasInterrupted),
    startTime: Math.min(...reports.map((r) => r.startTime)),
    testResults: reports.flatMap((r) => r.testResults),
  };
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

const lanes = lanesOf(config);
const { rest, outputFile } = splitOutputFile(process.argv.slice(2));
const dir = mkdtempSync(path.join(tmpdir(), 'vellum-lanes-'));
const width = Math.max(...lanes.map((l) => l.name.length));
const serial = process.env.TEST_LANES === 'serial';

// The chart, load and browser suites need the Go tools, which .ci/run leaves compiling beside the install and build.
await goToolsReady();

const outcomes = [];
if (serial) {
  for (const lane of lanes)
    outcomes.push(await runLane(lane, rest, path.join(dir, `${lane.name}.json`), width));
} else {
  outcomes.push(
    ...(await Promise.all(
      lanes.map((lane) => runLane(lane, rest, path.join(dir, `${lane.name}.json`), width)),
    )),
  );
}

const reports = outcomes.map((o) => readResults(o.resultsFile));
console.log(`\nlanes (${serial ? 'one after the other' : 'side by side'}):`);
for (const [i, o] of outcomes.entries()) {
  const r = reports[i];
  const counts = r
    ? `${r.numTotalTestSuites} files, ${r.numPassedTests} passed, ${r.numFailedTests} failed`
    : 'no results';
  console.log(
    `  ${o.lane.name.padEnd(width)}  ${o.seconds.toFixed(0).padStart(5)} s  ${counts}, exit ${o.code}`,
  );
}

let code = outcomes.some((o) => o.code !== 0) ? 1 : 0;
if (reports.every(Boolean)) {
  const merged = merge(reports);
  if (merged.numTotalTestSuites === 0) {
    console.error('no test file matched in any lane');
    code = 1;
  }
  if (outputFile) writeFileSync(path.resolve(outputFile), JSON.stringify(merged));
} else {
  code = 1;
}
process.exit(code);
