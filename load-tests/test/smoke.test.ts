// The k6 smoke run: every journey of load-tests/main.js for a few seconds at a few VUs against the embedded
// product (its built dist/main.js, a data folder of its own), seeded through the API; every threshold must pass,
// above all no failed request. Under CI=true a missing k6 is a failure, never a skip.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function findK6(): string | undefined {
  const candidates = [
    process.env.K6_BIN,
    path.join(process.env.VELLUM_BIN_DIR || path.join(homedir(), '.cache/vellum/bin'), 'k6'),
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'k6')),
  ].filter((file): file is string => Boolean(file));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const isCi = !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());
const k6 = findK6();

interface Summary {
  metrics: Record<string, { count?: number; value?: number; thresholds?: Record<string, boolean> }>;
}

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'load-tests/run.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...(k6 && { K6_BIN: k6 }), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const JOURNEYS = ['visitor', 'owner', 'editing', 'actions', 'follow', 'links', 'chat'];

(k6 || isCi ? describe : describe.skip)('k6 smoke: every journey against the embedded product', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vellum-smoke-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs each journey with no failed request and every threshold met', async () => {
    if (!k6) throw new Error('k6 is not installed (bash scripts/servers/go-tools.sh) and CI=true needs it');
    if (!existsSync(path.join(root, 'services/all-in-one/dist/main.js')))
      throw new Error('the product is not built: npm run build');
    const summaryFile = path.join(dir, 'summary.json');
    const { code, output } = await run([
      '--mode',
      'embedded',
      '--profile',
      'smoke',
      '--duration',
      '4s',
      '--no-build',
      '--summary-out',
      summaryFile,
    ]);
    if (code !== 0) throw new Error(`npm run load exited with ${code}:\n${output.slice(-6000)}`);
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
    for (const name of JOURNEYS) {
      expect({ name, iterations: summary.metrics[`iterations{scenario:${name}}`]?.count ?? 0 }).toEqual({
        name,
        iterations: expect.any(Number),
      });
      expect(summary.metrics[`iterations{scenario:${name}}`]!.count).toBeGreaterThan(0);
      expect({ name, failed: summary.metrics[`http_req_failed{scenario:${name}}`]?.value }).toEqual({
        name,
        failed: 0,
      });
    }
    const crossed = Object.entries(summary.metrics).flatMap(([metric, data]) =>
      Object.entries(data.thresholds ?? {})
        .filter(([, failed]) => failed)
        .map(([expression]) => `${metric} ${expression}`),
    );
    expect(crossed).toEqual([]);
    // About 20 s (start, seed, 4 s of k6); jest's testTimeout is a root option (30 s), too short on a busy machine.
  }, 120_000);
});
