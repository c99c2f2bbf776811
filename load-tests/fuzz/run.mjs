// The public API fuzzed by Schemathesis, a tool that knows only the OpenAPI document the gateway serves
// (GET /api/openapi.json): every operation as a visitor and signed in as a verified person, with a second person's
// real ids (a private vellum, an action, a link, a conversation of theirs with someone else) as examples, so that an
// answer that reads or changes what is not the caller's shows up as a check failure or a 2xx where 404 belongs.
//
//   npm run fuzz -- [--mode embedded|distributed] [--examples N] [--phases examples,coverage,fuzzing,stateful]
//                   [--seed N] [--no-build] [--out results.json]
//
// Prints one line per identity (requests, operations, failures by check) and exits 1 on any failure; --out writes
// the figures and every failure as JSON (load-tests/test/fuzz.test.ts reads them).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, serverEnv, startDistributed, startEmbedded } from '../runner/product.mjs';
import { expectStatus, verifiedUser } from '../seed/client.mjs';
import { findSchemathesis, runSchemathesis, summarize } from './schemathesis.mjs';

/**
 * Calls that end the fuzzer's own session or account: a signed-in run leaves them to the visitor's. Ending a session
 * by its key counts: GET /api/sessions hands the fuzzer its own session's key, and it ends it (seen in CI).
 */
const SESSION_ENDING = ['^/api/signout$', '^/api/cirrus/\\{[^}]+\\}/delete$', '^/api/sessions/\\{[^}]+\\}$'];

const FUZZ_ENV = {
  // The fuzzer is one client sending thousands of calls: the per-address limits would answer most of them 429.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
};

/** A second person's objects, and a third person's conversation with them: ids the fuzzer's person must not reach. */
async function seedOthers(url) {
  const [ann, bob, cy] = await Promise.all([0, 1, 2].map((i) => verifiedUser(url, 9000 + i)));
  const doc = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
  });
  const privateVellum = expectStatus(
    await bob.browser.post('/api/vellum-new', { title: 'Bob private', text: doc }),
    201,
    'vellum',
  );
  const action = expectStatus(
    await bob.browser.post('/api/action', { text: 'Bob action', priority: 'High' }),
    201,
    'action',
  );
  const link = expectStatus(
    await bob.browser.post(`/api/link/${bob.user.username}`, {
      linkLabel: 'Bob',
      linkURL: 'https://example.com/bob',
    }),
    201,
    'link',
  );
  const conversation = expectStatus(
    await bob.browser.post('/api/messenger/conversations', { username: cy.user.username }),
    201,
    'conversation',
  );
  return {
    ann,
    examples: {
      username: bob.user.username,
      id: privateVellum.savedVellum.i,
      vellum: privateVellum.savedVellum.i,
      action: action.action.i,
      link: link.link._id,
      conversation: conversation.conversation.conversation,
    },
  };
}

/** The served document with the other people's ids as the examples of the path parameters of the same name. */
function withExamples(document, examples) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation?.parameters ?? []) {
        const value = examples[parameter.name];
        if (parameter.in === 'path' && value !== undefined)
          parameter.examples = { other: { value: String(value) } };
      }
    }
  }
  return document;
}

export async function runFuzz({
  mode = 'embedded',
  examples = 20,
  phases = 'examples,coverage,fuzzing,stateful',
  seed,
  build = true,
  quiet = false,
  log = console.log,
} = {}) {
  const st = findSchemathesis();
  if (!st)
    throw new Error(
      'schemathesis not found: bash scripts/servers/tools.sh installs it (or set SCHEMATHESIS_BIN)',
    );
  const work = mkdtempSync(path.join(tmpdir(), 'vellum-fuzz-'));
  ensureBuilt({ build });
  const product =
    mode === 'distributed'
      ? await startDistributed({ ...serverEnv(), logDir: work, env: FUZZ_ENV })
      : await startEmbedded({
          dataDir: path.join(work, 'data'),
          logFile: path.join(work, 'embedded.log'),
          env: FUZZ_ENV,
        });
  try {
    const { ann, examples: ids } = await seedOthers(product.url);
    const served = await fetch(`${product.url}/api/openapi.json`);
    if (!served.ok) throw new Error(`GET /api/openapi.json answered ${served.status}`);
    const documentFile = path.join(work, 'openapi.json');
    writeFileSync(documentFile, JSON.stringify(withExamples(await served.json(), ids)));
    const cookie = [...ann.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const runs = [
      { who: 'visitor', headers: {}, excludePaths: [] },
      { who: 'signed in', headers: { Cookie: cookie }, excludePaths: SESSION_ENDING },
    ];
    const results = [];
    for (const run of runs) {
      const reportFile = path.join(work, `${run.who.replace(' ', '-')}.ndjson`);
      const { code, output } = await runSchemathesis(st, {
        documentFile,
        baseUrl: product.url,
        reportFile,
        headers: { Origin: product.url, ...run.headers },
        excludePaths: run.excludePaths,
        maxExamples: examples,
        phases,
        seed,
        quiet,
      });
      const summary = summarize(reportFile);
      const failed = Object.entries(summary.failures).map(([check, list]) => `${check} ${list.length}`);
      log(
        `fuzz (${mode}, ${run.who}): ${summary.requests} requests over ${summary.operations} operations; ` +
          `failures: ${failed.length ? failed.join(', ') : 'none'} (st exit ${code})`,
      );
      results.push({ ...run, ...summary, code, output });
    }
    // A run that ended its own session would have fuzzed the rest as a visitor: the figures would not be what they say.
    const sc = await fetch(`${product.url}/api/sc`, { headers: { cookie } }).then((r) => r.json());
    if (!sc.signedCirrus) throw new Error(`the signed-in run ended its own session (reports in ${work})`);
    return { work, results };
  } finally {
    await product.stop();
  }
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const started = Date.now();
  runFuzz({
    mode: option('mode', 'embedded'),
    examples: Number(option('examples', '100')),
    phases: option('phases', undefined),
    seed: option('seed', undefined),
    build: !args.includes('--no-build'),
  }).then(
    ({ results, work }) => {
      const requests = results.reduce((n, r) => n + r.requests, 0);
      const failures = results.reduce((n, r) => n + Object.values(r.failures).flat().length, 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`fuzz: ${requests} requests, ${failures} failures in ${seconds} s; reports in ${work}`);
      const out = option('out', undefined);
      if (out) {
        const figures = results.map(({ who, requests, operations, failures, code }) => ({
          who,
          requests,
          operations,
          failures,
          code,
        }));
        writeFileSync(out, JSON.stringify({ requests, failures, results: figures }, null, 2));
      }
      process.exit(failures ? 1 : 0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
