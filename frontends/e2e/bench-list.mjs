// Prints the browser side of the vellum list benchmark (issue 5): one user with BENCH_OWN vellums (default 10,000),
// their list page in Chromium, and the time from a keystroke in the title filter to the updated count and table
// (median and p95 over BENCH_RUNS filters). The server side (list and discovery latencies with 200,000 public
// vellums) is services/vellum/bench/discovery.bench.ts.
// Run: npm run bench:list -w @vellum/e2e (the product, the shell and the editor built).
// The tests' harness, compiled into dist/ by `npm run build -w @vellum/e2e` (the npm script runs it first).
import { launchBrowser } from './dist/browser.js';
import { startProduct } from './dist/product.js';

const OWN = Number(process.env.BENCH_OWN ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = 8;

async function json(response) {
  if (!response.ok())
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** A verified user, signed in in the page's context (its cookie serves the seeding calls too). */
async function signUp(page, baseUrl) {
  const tag = Date.now().toString(36).slice(-6);
  const user = { username: `bench.${tag}`, email: `bench${tag}@example.com`, password: 'Correct-Horse9' };
  await json(
    await page.request.post('/api/cirrus/create', {
      data: { ...user, first_name: 'Bench', last_name: 'Mark' },
    }),
  );
  let link;
  for (let i = 0; i < 60 && !link; i++) {
    const { messages } = await json(
      await page.request.get(`/dev/mailbox?to=${encodeURIComponent(user.email)}`),
    );
    link = messages.find((m) => /verify/i.test(m.subject))?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const token = decodeURIComponent(new URL(link, baseUrl).pathname.split('/').pop());
  await json(await page.request.post('/api/verification/email', { data: { email: user.email, token } }));
  await json(
    await page.request.post('/api/signin', { data: { email: user.email, password: user.password } }),
  );
  return user;
}

async function seed(page, count) {
  const words = [
    'prompt',
    'recipe',
    'notes',
    'physics',
    'draft',
    'ideas',
    'research',
    'chat',
    'summary',
    'plan',
  ];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const title = `${words[n % words.length]} ${words[(n * 7) % words.length]} ${n}`;
      const text = JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: `Vellum number ${n}.` }] }],
      });
      await json(await page.request.post('/api/vellum-new', { data: { title, text } }));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Development mode: the mailbox (GET /dev/mailbox) verifies the user; sign-ups are not rate limited here.
const product = await startProduct({ NODE_ENV: 'development', AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = await signUp(page, product.url);
  const seeding = performance.now();
  await seed(page, OWN);
  console.log(
    `seeded ${OWN.toLocaleString('en-US')} vellums in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const opening = performance.now();
  await page.goto(`/cirrus/${user.username}/vellums`);
  const total = `${OWN.toLocaleString('en-US')} ${OWN === 1 ? 'Vellum' : 'Vellums'}`;
  await page.getByTestId('vellum-count').filter({ hasText: total }).waitFor({ timeout: 120_000 });
  console.log(`list page shown with ${total} in ${(performance.now() - opening).toFixed(0)} ms`);
  const rows = await page.locator('tr.vellum-row').count();
  console.log(`rows in the page (windowed): ${rows}`);

  // Each run types one filter and measures, in the page, from the input event to the count showing the result.
  const filters = [
    'prompt',
    'research 1',
    'notes notes',
    '99',
    'summary plan',
    'x',
    'chat',
    'draft ideas 12',
  ];
  const times = [];
  const filterBox = page.getByRole('searchbox', { name: 'Filter by title' });
  for (let run = 0; run < RUNS; run++) {
    const filter = filters[run % filters.length];
    await filterBox.fill('');
    await page.getByTestId('vellum-count').filter({ hasText: total }).waitFor();
    const ms = await page.evaluate(async (value) => {
      const input = document.querySelector('input[aria-label="Filter by title"]');
      const count = document.querySelector('[data-testid="vellum-count"]');
      const before = count.textContent;
      const start = performance.now();
      const changed = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (count.textContent !== before) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start));
          }
        });
        observer.observe(count, { childList: true, characterData: true, subtree: true });
      });
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return changed;
    }, filter);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.table([
    {
      what: `filter ${OWN.toLocaleString('en-US')} rows by title (to painted result)`,
      runs: RUNS,
      'median ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    },
  ]);
  await context.close();
} finally {
  await browser.close();
  await product.stop();
}
