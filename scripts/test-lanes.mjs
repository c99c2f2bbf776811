#!/usr/bin/env node
// Runs jest's projects in the root config's two lanes side by side (jest.config.js says which project is where):
// one jest per lane, each one file at a time, their lines prefixed with the lane's name. Arguments go to both
// jests; `--outputFile` (with `--json`) receives both lanes' results merged into one report, as one jest would
// write it. TEST_LANES=serial runs the lanes one after the other (to compare, or to read a failure in peace).
// A lane runs in two steps: first its projects that need no Go-built tool, then (once scripts/servers/go-tools.sh
// has built them, when .ci/run left it compiling) the ones jest.config.js lists in `goTools`.
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
  const goTools = config.goTools ?? [];
  const unknown = goTools.filter((p) => !placed.includes(p));
  if (unknown.length) throw new Error(`goTools names projects of no lane: ${unknown.join(', ')}`);
  const absolute = (projects) => projects.map((p) => p.replace('<rootDir>', root));
  return Object.entries(lanes).map(([name, projects]) => ({
    name,
    steps: [
      { projects: absolute(projects.filter((p) => !goTools.includes(p))), goTools: false },
      { projects: absolute(projects.filter((p) => goTools.includes(p))), goTools: true },
    ].filter((step) => step.projects.length > 0),
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

/** One jest over `projects`, its lines prefixed with the lane's label. */
function runJest(projects, args, resultsFile, label) {
  const hasWorkers = args.some(
    (a) => a.startsWith('--maxWorkers') || a === '-w' || a === '--runInBand' || a === '-i',
  );
  const child = spawn(
    process.execPath,
    [
      jestBin,
      '--projects',
      ...projects,
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
      resolve({ code: code ?? 1, signal, resultsFile });
    });
  });
}

/** A lane's steps one after the other; the Go tools' step once they are built. */
async function runLane(lane, args, dir, width) {
  const label = `[${lane.name}]`.padEnd(width + 3);
  const started = Date.now();
  const runs = [];
  for (const [i, step] of lane.steps.entries()) {
    if (stopping) break;
    if (step.goTools) {
      try {
        await goToolsReady({ log: (line) => process.stderr.write(`${label}${line}\n`) });
      } catch (error) {
        process.stderr.write(`${label}${error.message}\n`);
        runs.push({ code: 1, resultsFile: path.join(dir, `${lane.name}-${i}.json`) });
        break;
      }
    }
    runs.push(await runJest(step.projects, args, path.join(dir, `${lane.name}-${i}.json`), label));
  }
  return {
    lane,
    code: runs.some((r) => r.code !== 0) ? 1 : 0,
    seconds: (Date.now() - started) / 1000,
    resultsFiles: runs.map((r) => r.resultsFile),
  };
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
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of running) child.kill(signal);
  });
}

const lanes = lanesOf(config);
const { rest, outputFile } = splitOutputFile(process.argv.slice(2));
const dir = mkdtempSync(path.join(tmpdir(), 'vellum-lanes-'));
const width = Math.max(...lanes.map((l) => l.name.length));
const serial = process.env.TEST_LANES === 'serial';

const outcomes = [];
if (serial) {
  for (const lane of lanes) outcomes.push(await runLane(lane, rest, dir, width));
} else {
  outcomes.push(...(await Promise.all(lanes.map((lane) => runLane(lane, rest, dir, width)))));
}

/** A lane's steps' reports as one (undefined when a step wrote none). */
function laneReport(outcome) {
  const reports = outcome.resultsFiles.map(readResults);
  return reports.every(Boolean) ? merge(reports) : undefined;
}
const reports = outcomes.map(laneReport);
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
