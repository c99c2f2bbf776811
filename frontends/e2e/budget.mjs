// Prints the shell's budget figures (issue 4): the JavaScript the welcome page loads, gzipped, and its first
// contentful paint, in Chromium against the embedded product. Run: npm run budget -w @vellum/e2e
// (plain JavaScript: Node 20 cannot run TypeScript, so it imports the tests' harness as compiled into dist/ by
// `npm run build -w @vellum/e2e`, which the npm script runs first; the product and shell must be built.)
import { gzipSync } from 'node:zlib';
import { launchBrowser } from './dist/browser.js';
import { startProduct } from './dist/product.js';

const JS_BUDGET_KB = 150;
const FCP_BUDGET_MS = 1000;
const FCP_LOADS = 5;

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
  console.log(
    `welcome page first contentful paint, median of ${FCP_LOADS} cold loads: ${fcp.toFixed(0)} ms ` +
      `(budget ${FCP_BUDGET_MS} ms; all: ${paints.map((p) => p.toFixed(0)).join(', ')})`,
  );
  const ok = totalKb <= JS_BUDGET_KB && fcp < FCP_BUDGET_MS;
  console.log(ok ? 'budget: within' : 'budget: EXCEEDED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await product.stop();
}
