// Prints the shell's budget figures (issue 4): the JavaScript the welcome page loads, gzipped, and its first
// contentful paint, in Chromium against the embedded product. Run: npm run budget -w @vellum/e2e
// (plain JavaScript: Node 20 cannot run TypeScript; the product and shell must be built.)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const JS_BUDGET_KB = 150;
const FCP_BUDGET_MS = 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function startProduct() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vellum-budget-'));
  const child = spawn(process.execPath, [path.join(root, 'services/all-in-one/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the product exited (${code}):\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

const product = await startProduct();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  await measure(browser, `${product.url}/`); // warm the server's caches
  const { scripts, fcp } = await measure(browser, `${product.url}/`);
  const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(
    `welcome page JavaScript, gzipped: ${totalKb.toFixed(1)} KB in ${scripts.size} files (budget ${JS_BUDGET_KB} KB)`,
  );
  console.log(`welcome page first contentful paint: ${fcp.toFixed(0)} ms (budget ${FCP_BUDGET_MS} ms)`);
  const ok = totalKb <= JS_BUDGET_KB && fcp < FCP_BUDGET_MS;
  console.log(ok ? 'budget: within' : 'budget: EXCEEDED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await product.stop();
}
