// The seeding step: creates `users` verified accounts and `vellums` public vellums (about 2 KB of document each)
// through the product's API, as a browser does (sign-up, the mailed verification link, sign-in, create, publish),
// and writes what k6 needs (ids, usernames, credentials, search words) to a JSON file that the scenarios `open()`.
//
//   node load-tests/seed/seed.mjs --url http://127.0.0.1:8080 --users 8 --vellums 200 --out .tmp/load/seed.json
//
// The product must run without SMTP_URL (its dev mailbox gives the verification links) and answer this machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { expectStatus, verifiedUser } from './client.mjs';
import { documentOf, titleOf, WORDS } from '../lib/document.mjs';

/** Links on each seeded person's link page. */
const LINKS_PER_PERSON = 5;

/** Runs `work(i)` for i in [0, count) with at most `concurrency` at a time; the first failure stops the rest. */
async function pool(count, concurrency, work) {
  let next = 0;
  let failed;
  const worker = async () => {
    while (next < count && !failed) {
      const i = next++;
      try {
        await work(i);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  if (failed) throw failed;
}

/**
 * Seeds `users` verified accounts and `vellums` public vellums on the product at `url` (round-robin over the
 * accounts, `writers` at a time) and returns the seed k6 reads; with `out`, writes it there too. With
 * `waitForDirectory`, waits until every account is known to the social service (follows need it; in distributed
 * mode it arrives through Kafka). `onPeople(users)` hears of the accounts before any vellum is written (so a caller
 * can remove what a failed seed left).
 */
export async function seed({
  url,
  users = 8,
  vellums = 100,
  writers = 8,
  out,
  waitForDirectory = true,
  log = () => {},
  onPeople = () => {},
}) {
  const started = Date.now();
  const people = new Array(users);
  // Sign-ups hash a password each (argon2id): a few at a time.
  await pool(users, 4, async (i) => {
    people[i] = await verifiedUser(url, i);
  });
  log(`seed: ${users} verified accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  onPeople(people.map((p) => p.user));

  const ids = new Array(vellums);
  const writing = Date.now();
  await pool(vellums, writers, async (n) => {
    const { browser, user } = people[n % users];
    const created = expectStatus(
      await browser.post('/api/vellum-new', { title: titleOf(n), text: JSON.stringify(documentOf(n)) }),
      201,
      'create a vellum',
    );
    const id = created.savedVellum.i;
    expectStatus(await browser.put(`/api/vellum/publish/${id}`), 200, 'publish a vellum');
    ids[n] = { id, owner: user.username, word: WORDS[n % WORDS.length] };
    if ((n + 1) % 1000 === 0) log(`seed: ${n + 1} of ${vellums} vellums`);
  });
  const writeSeconds = (Date.now() - writing) / 1000;

  // Each person's link page: LINKS_PER_PERSON links, each to a page of its own.
  const links = [];
  await pool(users, 4, async (i) => {
    const { browser, user } = people[i];
    for (let n = 0; n < LINKS_PER_PERSON; n++) {
      const url = `https://example.com/${encodeURIComponent(user.username)}/${n}`;
      const added = expectStatus(
        await browser.post(`/api/link/${encodeURIComponent(user.username)}`, {
          linkLabel: `Link ${n}`,
          linkURL: url,
        }),
        201,
        'add a link',
      );
      const link = added.links?.find((l) => l.link_url === url) ?? added.link ?? added;
      links.push({ id: link._id, owner: user.username, url });
    }
  });
  log(
    `seed: ${vellums} public vellums in ${writeSeconds.toFixed(1)} s (${(vellums / writeSeconds).toFixed(0)}/s)`,
  );

  if (waitForDirectory) {
    const deadline = Date.now() + 60_000;
    for (const { browser, user } of people) {
      for (;;) {
        const res = await browser.get(`/api/cirrus/${encodeURIComponent(user.username)}/follow`);
        if (res.status === 200) break;
        if (Date.now() > deadline)
          throw new Error(`social never learnt of ${user.username} (GET follow answers ${res.status})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  const result = {
    url,
    createdAt: new Date().toISOString(),
    /** Vellums created and published per second while seeding (`writers` at a time). */
    writesPerSecond: vellums / writeSeconds,
    users: people.map((p) => p.user),
    vellums: ids,
    /** The seeded links: { id, owner (username), url (the stored one the redirect must answer) }. */
    links,
    words: WORDS,
  };
  if (out) {
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, JSON.stringify(result));
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      users: { type: 'string', default: '8' },
      vellums: { type: 'string', default: '100' },
      writers: { type: 'string', default: '8' },
      out: { type: 'string', default: '.tmp/load/seed.json' },
    },
  });
  seed({
    url: values.url.replace(/\/$/, ''),
    users: Number(values.users),
    vellums: Number(values.vellums),
    writers: Number(values.writers),
    out: values.out,
    log: console.log,
  }).then(
    () => console.log(`seed: written to ${values.out}`),
    (error) => {
      console.error(`seed failed: ${error.message}`);
      process.exit(1);
    },
  );
}
