// Schemathesis (PyPI) as the fuzzer that does not know our code: where it is, how it is run, and what its NDJSON
// report says (requests, operations, failures by check).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The `st` command: $SCHEMATHESIS_BIN, else the virtual environment scripts/servers/tools.sh makes. */
export function findSchemathesis() {
  const candidates = [
    process.env.SCHEMATHESIS_BIN,
    path.join(
      process.env.VELLUM_CACHE_DIR ?? path.join(homedir(), '.cache/vellum'),
      'schemathesis-venv/bin/st',
    ),
  ].filter(Boolean);
  return candidates.find((file) => existsSync(file));
}

/** The checks whose failures fail a run: the goals (no 5xx, no answer off its schema, no ignored session). */
export const CHECKS = [
  'not_a_server_error',
  'response_schema_conformance',
  'status_code_conformance',
  'content_type_conformance',
  'ignored_auth',
];

/**
 * Runs `st run` on a document file against `baseUrl`; resolves with the exit code and the NDJSON report's path.
 * `headers` go with every request (the session cookie); `excludePaths` are path regexes left out.
 */
export function runSchemathesis(
  st,
  { documentFile, baseUrl, reportFile, headers = {}, excludePaths = [], maxExamples, phases, seed, quiet },
) {
  const args = [
    'run',
    documentFile,
    '--url',
    baseUrl,
    '--checks',
    CHECKS.join(','),
    '--max-examples',
    String(maxExamples),
    '--phases',
    phases,
    '--workers',
    '1',
    '--no-color',
    '--report',
    'ndjson',
    '--report-ndjson-path',
    reportFile,
    '--request-timeout',
    '30',
    '--suppress-health-check',
    'all',
    '--continue-on-failure',
    // The session is ours (the Cookie header); a fabricated one is only ever refused, which ignored_auth covers.
    '--generation-with-security-parameters',
    'false',
    ...(seed === undefined ? [] : ['--seed', String(seed)]),
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    // One option: given twice, st keeps only the last.
    ...(excludePaths.length ? ['--exclude-path-regex', excludePaths.map((r) => `(?:${r})`).join('|')] : []),
  ];
  return new Promise((resolve, reject) => {
    // In the run's own folder: st keeps a .schemathesis/ cache where it runs, never in the repository.
    const child = spawn(st, args, {
      cwd: path.dirname(reportFile),
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * What one run did, from its NDJSON events: the requests sent (one per test case; a stateful scenario's steps are
 * cases too), the operations tested, and each failing check with the operations it failed on.
 */
export function summarize(reportFile) {
  const operations = new Set();
  const failures = new Map();
  let requests = 0;
  for (const line of readFileSync(reportFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const finished = event.ScenarioFinished;
    if (!finished) continue;
    const recorder = finished.recorder ?? {};
    const cases = Object.keys(recorder.cases ?? {});
    requests += cases.length;
    if (cases.length && recorder.label) operations.add(recorder.label);
    for (const [caseId, checks] of Object.entries(recorder.checks ?? {})) {
      for (const check of checks) {
        if (check.status !== 'failure') continue;
        const failure = check.failure_info?.failure ?? {};
        const key = check.name;
        const list = failures.get(key) ?? [];
        list.push({
          operation: failure.operation ?? recorder.label,
          title: failure.title,
          message: String(failure.message ?? '').slice(0, 500),
          caseId,
        });
        failures.set(key, list);
      }
    }
  }
  return { requests, operations: operations.size, failures: Object.fromEntries(failures) };
}
