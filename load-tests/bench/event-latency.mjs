// `npm run bench:events`: how long a profile change takes to show in another service's answer, embedded (the
// in-process bus) and distributed (Kafka). A person edits their display name (PUT /api/cirrus/{username}/profile,
// identity: the write and its CirrusProfileChanged event in one transaction, the outbox relay publishes); the
// clock starts when the save answers and stops when the vellum service's list of that person's public vellums
// (GET /api/cirrus/{username}/vellums?public=true, its author projection) shows the new name. Polled every 2 ms.
//
//   npm run bench:events                                   # both modes, 100 changes each
//   npm run bench:events -- --mode embedded --changes 20   # a quick try
//   options: --mode embedded|distributed|both, --changes 100, --no-build
//
// Goals (issue 14): p99 < 50 ms embedded, < 250 ms on Kafka.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { expectStatus, verifiedUser } from '../seed/client.mjs';
import { ensureBuilt, serverEnv, startDistributed, startEmbedded } from '../runner/product.mjs';
import { setTimeout as sleep } from 'node:timers/promises';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    changes: { type: 'string', default: '100' },
    'no-build': { type: 'boolean', default: false },
  },
});
const CHANGES = Number(values.changes);
const GOALS = { embedded: 50, distributed: 250 };
const POLL_MS = 2;
const TIMEOUT_MS = 10_000;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Changes the display name `CHANGES` times; answers each change's milliseconds until the vellum list shows it. */
async function measure(url) {
  const { browser, user } = await verifiedUser(url, 0);
  const { username } = user;
  const created = expectStatus(await browser.post('/api/vellum-new', { title: '', text: '' }), 201, 'create');
  expectStatus(await browser.put(`/api/vellum/publish/${created.savedVellum.i}`), 200, 'publish');
  const shownName = async () => {
    const res = await fetch(`${url}/api/cirrus/${encodeURIComponent(username)}/vellums?public=true`);
    const body = await res.json();
    return body.vellums?.[0]?.owned_by_cirrus?.display_name;
  };
  const samples = [];
  for (let i = 0; i < CHANGES; i++) {
    const displayName = `Renamed ${i} ${Date.now() % 100000}`;
    const saved = await browser.put(`/api/cirrus/${encodeURIComponent(username)}/profile`, {
      displayName,
      firstName: 'Load',
      lastName: 'Tester',
      location: '',
      summary: '',
      image: '',
      imageBackground: '',
    });
    expectStatus(saved, 200, 'profile save');
    const start = performance.now();
    while ((await shownName()) !== displayName) {
      if (performance.now() - start > TIMEOUT_MS)
        throw new Error(`"${displayName}" did not show in the vellum list within ${TIMEOUT_MS} ms`);
      await sleep(POLL_MS);
    }
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

async function run(mode) {
  const dir = mkdtempSync(path.join(tmpdir(), `vellum-events-${mode}-`));
  const product =
    mode === 'embedded'
      ? await startEmbedded({ dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'embedded.log') })
      : await startDistributed({ ...serverEnv(), logDir: dir });
  try {
    const samples = await measure(product.url);
    const p99 = quantile(samples, 0.99);
    return {
      mode: mode === 'embedded' ? 'embedded (in-process bus)' : 'distributed (Kafka)',
      changes: samples.length,
      'median ms': Number(quantile(samples, 0.5).toFixed(1)),
      'p99 ms': Number(p99.toFixed(1)),
      'max ms': Number(samples.at(-1).toFixed(1)),
      goal: `p99 < ${GOALS[mode]} ms: ${p99 < GOALS[mode] ? 'met' : 'missed'}`,
    };
  } finally {
    await product.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuilt({ build: !values['no-build'] });
const modes = values.mode === 'both' ? ['embedded', 'distributed'] : [values.mode];
const rows = [];
for (const mode of modes) rows.push(await run(mode));
console.log(
  `\n== a display-name change, from the save's answer to the vellum service's list showing it (${CHANGES} changes) ==`,
);
console.table(rows);
