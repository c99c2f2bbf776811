// The short Schemathesis pass of CI (issue 23): the public API as the gateway's OpenAPI document describes it, fuzzed
// as a visitor and signed in, against the embedded product; at least 2,000 requests, and any failure of the checks
// (a 5xx, an answer off its schema or status list, a call that succeeds without the session it requires) fails the
// test with the failures listed. Under CI=true a missing Schemathesis is a failure, never a skip.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const isCi = !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());
const st =
  process.env.SCHEMATHESIS_BIN ??
  path.join(
    process.env.VELLUM_CACHE_DIR ?? path.join(homedir(), '.cache/vellum'),
    'schemathesis-venv/bin/st',
  );
const installed = existsSync(st);

interface Figures {
  requests: number;
  failures: number;
  results: Array<{ who: string; requests: number; operations: number; failures: Record<string, unknown[]> }>;
}

(installed || isCi ? describe : describe.skip)('Schemathesis against the embedded product', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vellum-fuzz-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends at least 2,000 requests as a visitor and signed in, and finds nothing', async () => {
    if (!installed) throw new Error(`schemathesis is not installed at ${st} (bash scripts/servers/tools.sh)`);
    const out = path.join(dir, 'fuzz.json');
    const args = ['--examples', '5', '--phases', 'examples,coverage,fuzzing', '--seed', '23', '--no-build'];
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(root, 'load-tests/fuzz/run.mjs'), ...args, '--out', out],
        {
          cwd: root,
          env: { ...process.env, SCHEMATHESIS_BIN: st },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', (exit) => resolve({ code: exit, output: text }));
    });
    if (!existsSync(out))
      throw new Error(`npm run fuzz exited with ${code} and no figures:\n${output.slice(-6000)}`);
    const figures = JSON.parse(readFileSync(out, 'utf8')) as Figures;
    console.log(
      output
        .split('\n')
        .filter((line) => line.startsWith('fuzz'))
        .join('\n'),
    );
    expect(figures.results.map((r) => r.who)).toEqual(['visitor', 'signed in']);
    expect(figures.requests).toBeGreaterThanOrEqual(2000);
    for (const result of figures.results) {
      expect(result.operations).toBeGreaterThan(50);
      expect({ who: result.who, failures: result.failures }).toEqual({ who: result.who, failures: {} });
    }
    expect(code).toBe(0);
  }, 600_000);
});
