import { strFromU8, unzipSync } from 'fflate';
import type { APIResponse, Page } from 'playwright-core';
import { createVerifiedUser, setPasswordByMail, verifyByMail } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';
import { signIn, visitor, type Person } from '../harness/vellums';
import { armXssDetection, expectInert, packed, XssTally, type Watched } from '../harness/xss';
import {
  ADDRESS_PAYLOADS,
  CONFUSED_DOCS,
  CONFUSED_VALUES,
  hasControl,
  hasAnyControl,
  linkDoc,
  textDoc,
  XSS_PAYLOADS,
} from '../harness/xssCorpus';

// Issue 23: the XSS corpus (harness/xssCorpus.ts) through every field one person writes and another sees. Each
// area stores every payload its validation admits (and counts the refused ones, each a clear 400), then renders
// every page that shows the field, for its writer and for someone else, as few times as possible. On each: no
// dialog, window.__pwned still 0, no payload markup in the DOM, no uncaught error, and the page's own landmark.
const ADMIN = { ...newUser('admin'), email: 'xss.admin@example.com', firstName: 'Ada', lastName: 'Admin' };
const { product, browser } = useProductAndBrowser({ ADMIN_EMAILS: ADMIN.email });
let ann: Person;
let bob: Person;
let guest: Watched;

/** Opens `path` for `who`, waits for the page's landmark, and checks that nothing ran or was injected. */
async function render(
  tally: XssTally,
  who: Watched,
  path: string,
  landmark: (page: Page) => Promise<unknown>,
) {
  await who.page.goto(path);
  // A remote's first load on a busy machine may take a while.
  await landmark(who.page);
  await expectInert(who, path);
  tally.rendered += 1;
}

/** The text a page shows, to find stored payloads in (whitespace as it is in the DOM). */
const shownText = (page: Page) => page.evaluate(() => document.body.textContent ?? '');

beforeAll(async () => {
  const annUser = { ...newUser('ann'), firstName: 'Ann', lastName: 'Writer' };
  const bobUser = { ...newUser('bob'), firstName: 'Bob', lastName: 'Reader' };
  await Promise.all([
    createVerifiedUser(product().url, annUser),
    createVerifiedUser(product().url, bobUser),
    createVerifiedUser(product().url, ADMIN).then(() => setPasswordByMail(product().url, ADMIN)),
  ]);
  [ann, bob] = await Promise.all([
    signIn(browser(), product().url, annUser),
    signIn(browser(), product().url, bobUser),
  ]);
  guest = await visitor(browser(), product().url);
  await Promise.all([ann, bob, guest].map((who) => armXssDetection(who.page)));
});

describe('link labels and URLs', () => {
  it('stores every admitted payload as a label or URL and shows it inert to the owner, a cirrus and a visitor', async () => {
    const tally = new XssTally('link labels and URLs');
    const { page } = ann;
    const path = `/api/link/${ann.user.username}`;
    const labels: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const answer = await page.request.post(path, {
        data: { linkLabel: payload, linkURL: 'https://example.com/' },
      });
      if (tally.count(answer.status())) labels.push(payload.trim());
      else await expectRefused(payload, answer);
    }
    for (const [index, payload] of ADDRESS_PAYLOADS.entries()) {
      const answer = await page.request.post(path, {
        data: { linkLabel: `Address ${index}`, linkURL: payload },
      });
      if (tally.count(answer.status())) expect(payload).toMatch(/^https?:\/\//);
      else await expectRefused(payload, answer);
    }
    for (const [what, value] of CONFUSED_VALUES) {
      for (const data of [
        { linkLabel: value, linkURL: 'https://example.com/' },
        { linkLabel: 'Confused', linkURL: value },
      ]) {
        const answer = await page.request.post(path, { data });
        expect({ what, status: answer.status() }).toEqual({ what, status: 400 });
        tally.count(answer.status());
      }
    }
    expect(labels.length).toBeGreaterThan(50);

    const vielink = (who: Page) => who.getByTestId('vielink').waitFor({ timeout: 30_000 });
    await render(tally, ann, `/link/${ann.user.username}`, async (owner) => {
      await owner.getByRole('button', { name: 'Add Link' }).waitFor({ timeout: 30_000 });
      await vielink(owner);
    });
    for (const who of [ann, bob, guest]) {
      if (who !== ann) await render(tally, who, `/link/${ann.user.username}`, vielink);
      const text = await shownText(who.page);
      expect(labels.filter((label) => !text.includes(label))).toEqual([]);
    }
    tally.print();
  });
});

/** A refused payload: a 400 whose body says why in words (the service's message, or the platform's). */
async function expectRefused(payload: string, answer: APIResponse) {
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  const said = ['errorMessage', 'error', 'message', 'messages']
    .map((key) => body[key])
    .flat()
    .find((value) => typeof value === 'string' && value.length > 0);
  expect({ payload, status: answer.status(), said: typeof said }).toEqual({
    payload,
    status: 400,
    said: 'string',
  });
}

describe('chat messages and conversation vellums', () => {
  let chat: string;

  it('stores every payload in messages both ways and shows them inert in both chats and both lists', async () => {
    const tally = new XssTally('chat messages');
    const opened = await ann.page.request.post('/api/messenger/conversations', {
      data: { username: bob.user.username },
    });
    expect(opened.status()).toBe(201);
    chat = ((await opened.json()) as { conversation: { conversation: string } }).conversation.conversation;
    const messages = `/api/messenger/conversations/${chat}/messages`;
    // Messages keep lines and tabs, so payloads travel several to a message (60 messages a minute at most).
    const admitted = XSS_PAYLOADS.filter((payload) => !hasControl(payload));
    for (const text of packed(admitted, 2000)) {
      const answer = await ann.page.request.post(messages, { data: { text } });
      expect(answer.status()).toBe(201);
    }
    tally.stored += admitted.length;
    for (const payload of XSS_PAYLOADS.filter(hasControl)) {
      const answer = await ann.page.request.post(messages, { data: { text: payload } });
      await expectRefused(payload, answer);
      tally.count(answer.status());
    }
    for (const [what, value] of CONFUSED_VALUES) {
      for (const [url, data] of [
        [messages, { text: value }],
        ['/api/messenger/conversations', { username: value }],
      ] as const) {
        const answer = await ann.page.request.post(url, { data });
        expect({ what, url, status: answer.status() }).toEqual({ what, url, status: 400 });
        tally.count(answer.status());
      }
    }
    // Bob answers with single payloads; the last is the conversation list's preview.
    const replies = XSS_PAYLOADS.filter((payload) => !hasControl(payload) && !/https?:/.test(payload)).slice(
      0,
      10,
    );
    for (const text of replies) {
      expect((await bob.page.request.post(messages, { data: { text } })).status()).toBe(201);
      tally.stored += 1;
    }
    const last = replies.at(-1)!.trim();

    for (const who of [ann, bob]) {
      await render(tally, who, `/messenger/${chat}`, async (page) => {
        const list = page.getByRole('list', { name: 'Messages' });
        await list.getByText(last, { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByRole('heading', { level: 1 }).waitFor();
      });
      const hrefs = await who.page
        .getByRole('list', { name: 'Messages' })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => !/^https?:\/\//.test(href))).toEqual([]);
      await render(tally, who, '/messenger', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Messenger' }).waitFor({ timeout: 30_000 });
        await page.getByRole('list', { name: 'Conversations' }).getByText(last).waitFor();
      });
    }
    tally.print();
  });

  it('stores payload titles and texts in a conversation vellum and shows it inert to its owner and the other', async () => {
    const tally = new XssTally('conversation vellums');
    const answer = await ann.page.request.get(`/messenger/${chat}/vellum/${ann.user.username}`, {
      headers: { accept: 'application/json' },
    });
    expect(answer.status()).toBe(200);
    const { vellum } = (await answer.json()) as { vellum: { i: string } };
    const save = (title: unknown, text: unknown) =>
      ann.page.request.post(`/messenger/vellum/${vellum.i}`, {
        data: { title, text: typeof text === 'string' ? text : JSON.stringify(text) },
      });
    const body = XSS_PAYLOADS.filter((payload) => !hasAnyControl(payload));
    const document = textDoc(body);
    for (const payload of XSS_PAYLOADS) {
      const saved = await save(payload, document);
      if (!tally.count(saved.status())) await expectRefused(payload, saved);
    }
    for (const payload of ADDRESS_PAYLOADS) {
      const saved = await save('Address', linkDoc(payload));
      if (!tally.count(saved.status())) await expectRefused(payload, saved);
    }
    for (const [what, confused] of CONFUSED_DOCS) {
      const saved = await save('Confused', confused);
      expect({ what, status: saved.status() }).toEqual({ what, status: 400 });
      tally.count(saved.status());
    }
    for (const [what, value] of CONFUSED_VALUES) {
      for (const [title, text] of [
        [value, document],
        ['Confused', value],
      ] as const) {
        const saved = await save(title, text);
        expect({ what, status: saved.status() }).toEqual({ what, status: 400 });
        tally.count(saved.status());
      }
    }
    const title = '<img src=x onerror=window.__pwned=1>';
    expect((await save(title, document)).status()).toBe(200);
    tally.stored += body.length;

    const path = `/messenger/${chat}/${ann.user.username}`;
    await render(tally, ann, path, async (page) => {
      await page
        .getByRole('textbox', { name: 'Conversation Vellum text' })
        .getByText(body[2]!, { exact: true })
        .waitFor({ timeout: 30_000 });
      await expect(page.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe(title);
    });
    await render(tally, bob, path, async (page) => {
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
      await page.getByText(body[2]!, { exact: true }).first().waitFor();
    });
    tally.print();
  });
});

describe('profile fields', () => {
  const FIELDS = ['displayName', 'firstName', 'lastName', 'location', 'summary', 'image'] as const;
  type Field = (typeof FIELDS)[number];
  const SAFE = {
    displayName: 'Ann Writer',
    firstName: 'Ann',
    lastName: 'Writer',
    location: '',
    summary: '',
    image: '',
    imageBackground: '',
  };

  it('stores what each field admits, several payloads a profile, and shows them inert everywhere', async () => {
    const tally = new XssTally('profile fields');
    const path = `/api/cirrus/${ann.user.username}/profile`;
    const admitted = Object.fromEntries(FIELDS.map((field) => [field, [] as string[]])) as Record<
      Field,
      string[]
    >;
    // Each payload in every field at once: the answer names each refused field (fieldErrors).
    for (const payload of XSS_PAYLOADS) {
      const answer = await ann.page.request.put(path, {
        data: { ...SAFE, ...Object.fromEntries(FIELDS.map((field) => [field, payload])) },
      });
      const { fieldErrors = {} } = (await answer.json()) as { fieldErrors?: Record<string, string> };
      if (answer.status() !== 200) await expectRefused(payload, answer);
      // A body the platform refuses whole (a NUL anywhere) names no field: every field refused it.
      const whole = answer.status() !== 200 && Object.keys(fieldErrors).length === 0;
      for (const field of FIELDS) {
        if (whole || typeof fieldErrors[field] === 'string') tally.refused += 1;
        else admitted[field].push(payload);
      }
    }
    for (const [what, value] of CONFUSED_VALUES) {
      for (const field of [...FIELDS, 'imageBackground']) {
        const answer = await ann.page.request.put(path, { data: { ...SAFE, [field]: value } });
        const { fieldErrors = {} } = (await answer.json()) as { fieldErrors?: Record<string, string> };
        expect({ what, field, status: answer.status(), said: typeof fieldErrors[field] }).toEqual({
          what,
          field,
          status: 400,
          said: 'string',
        });
        tally.refused += 1;
      }
    }
    // The summary holds the most: 500 characters with lines, so several payloads a profile.
    const summaries = packed(admitted.summary, 500);
    const single = FIELDS.filter((field) => field !== 'summary');
    const rounds = Math.max(summaries.length, ...single.map((field) => admitted[field].length));
    console.log(
      `XSS profile fields admitted: ${FIELDS.map((field) => `${field} ${admitted[field].length}`).join(', ')}; ` +
        `${summaries.length} profiles`,
    );
    // Each profile is shown once, in turn to its owner, another cirrus and a visitor: a page load a profile.
    const viewers = [ann, bob, guest];
    for (let round = 0; round < rounds; round += 1) {
      const profile = {
        ...SAFE,
        ...Object.fromEntries(
          FIELDS.filter((field) => field !== 'summary' && admitted[field][round] !== undefined).map(
            (field) => [field, admitted[field][round]],
          ),
        ),
        summary: summaries[round] ?? '',
      };
      const answer = await ann.page.request.put(path, { data: profile });
      expect({
        round,
        status: answer.status(),
        body: answer.status() === 200 ? '' : await answer.text(),
      }).toEqual({
        round,
        status: 200,
        body: '',
      });
      tally.stored +=
        FIELDS.filter((field) => field !== 'summary' && admitted[field][round] !== undefined).length +
        (summaries[round]?.split('\n').length ?? 0);
      for (const who of [viewers[round % 3]!]) {
        await render(tally, who, `/cirrus/${ann.user.username}`, (page) =>
          page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 }),
        );
        const text = await shownText(who.page);
        const lines = (summaries[round] ?? '').split('\n').map((line) => line.trim());
        expect({ round, missing: lines.filter((line) => !text.includes(line)) }).toEqual({
          round,
          missing: [],
        });
      }
    }

    // The lists that show a profile's name and image: the Hall, followers and following, Discover, the messenger.
    const title = '<svg onload="window.__pwned=1">';
    const created = await ann.page.request.post('/api/vellum-new', {
      data: { title, text: JSON.stringify(linkDoc('https://example.com/')) },
    });
    expect(created.status()).toBe(201);
    const { savedVellum } = (await created.json()) as { savedVellum: { i: string } };
    expect((await ann.page.request.put(`/api/vellum/publish/${savedVellum.i}`)).ok()).toBe(true);
    expect((await bob.page.request.post(`/api/cirrus/${ann.user.username}/follow`)).ok()).toBe(true);
    const last = { ...SAFE, summary: summaries[0] ?? '', image: admitted.image.at(-1) ?? '' };
    expect((await ann.page.request.put(path, { data: last })).status()).toBe(200);
    await render(tally, ann, `/cirrus/${ann.user.username}/edit`, async (page) => {
      await page.getByLabel('Summary').waitFor({ timeout: 30_000 });
      await expect(page.getByLabel('Summary').inputValue()).resolves.toBe(last.summary);
    });
    await render(tally, bob, '/hall', (page) =>
      page.getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 }),
    );
    await render(tally, bob, `/cirrus/${ann.user.username}/followers`, (page) =>
      page.getByText(bob.user.username).first().waitFor({ timeout: 30_000 }),
    );
    await render(tally, guest, `/cirrus/${bob.user.username}/following`, (page) =>
      page.getByText(ann.user.username).first().waitFor({ timeout: 30_000 }),
    );
    await render(tally, guest, '/vellums', (page) =>
      page.getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 }),
    );
    // The conversation exists when the messenger's area ran first; opening it again answers the same one.
    const opened = await bob.page.request.post('/api/messenger/conversations', {
      data: { username: ann.user.username },
    });
    expect([200, 201]).toContain(opened.status());
    await render(tally, bob, '/messenger', (page) =>
      page.getByRole('link', { name: /Chat with Ann Writer/ }).waitFor({ timeout: 30_000 }),
    );
    tally.print();
  }, 240_000);
});

describe('usernames, emails and names in the admin tables', () => {
  it('refuses every payload username with a clear 400, stores the emails and names admitted, shows them inert', async () => {
    const tally = new XssTally('admin tables (sign-up fields)');
    let last = newUser('x');
    const signUp = (fields: Partial<Record<'username' | 'email' | 'first_name' | 'last_name', unknown>>) => {
      last = newUser('x');
      return ann.page.request.post('/api/cirrus/create', {
        data: {
          username: last.username,
          email: last.email,
          first_name: 'Eve',
          last_name: 'Payload',
          password: last.password,
          ...fields,
        },
      });
    };
    /** Sign-ups with a payload email, verified by mail and signed in: in the active and confirmed tables too. */
    const accounts: Array<{ email: string; password: string }> = [];
    const shown: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const byUsername = await signUp({ username: payload });
      await expectRefused(payload, byUsername);
      tally.count(byUsername.status());
      const email = `${payload}@x.io`;
      const byEmail = await signUp({ email });
      if (tally.count(byEmail.status())) {
        shown.push(email.trim().toLowerCase());
        accounts.push({ email: email.trim().toLowerCase(), password: last.password });
      } else await expectRefused(email, byEmail);
      for (const field of ['first_name', 'last_name'] as const) {
        const byName = await signUp({ [field]: payload });
        if (tally.count(byName.status())) shown.push(payload.trim());
        else await expectRefused(payload, byName);
      }
    }
    for (const [what, value] of CONFUSED_VALUES) {
      for (const field of ['username', 'email', 'first_name', 'last_name'] as const) {
        const answer = await signUp({ [field]: value });
        expect({ what, field, status: answer.status() }).toEqual({ what, field, status: 400 });
        tally.count(answer.status());
      }
    }

    for (const account of accounts) {
      await verifyByMail(product().url, account.email);
      const signedIn = await fetch(`${product().url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      expect({ account, status: signedIn.status }).toEqual({ account, status: 200 });
    }
    const admin = await signIn(browser(), product().url, ADMIN);
    await armXssDetection(admin.page);
    await render(tally, admin, '/admin', (page) =>
      page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor({ timeout: 30_000 }),
    );
    await admin.page.getByTestId('admin-all').locator('tbody tr').first().waitFor();
    const text = await shownText(admin.page);
    expect(shown.filter((value) => !text.includes(value))).toEqual([]);
    for (const list of ['active', 'confirmed']) {
      const table = (await admin.page.getByTestId(`admin-${list}`).textContent()) ?? '';
      expect({ list, missing: accounts.filter(({ email }) => !table.includes(email)) }).toEqual({
        list,
        missing: [],
      });
    }
    const usernames = await admin.page
      .getByTestId('admin-all')
      .locator('tbody tr td:nth-child(3)')
      .allTextContents();
    expect(usernames.filter((username) => !/^[A-Za-z0-9'.-]+$/.test(username))).toEqual([]);
    await admin.context.close();
    console.log(
      `XSS admin tables: ${shown.length} emails and names admitted and shown (${shown.join(' | ')})`,
    );
    tally.print();
  });
});

describe('payload usernames in addresses', () => {
  it('shows Not Found, inert, for a payload where a username goes in the profile and Link pages', async () => {
    const tally = new XssTally('usernames in addresses');
    const payloads = XSS_PAYLOADS.filter((payload) => !hasAnyControl(payload)).slice(0, 6);
    for (const [index, payload] of payloads.entries()) {
      const who = [bob, guest][index % 2]!;
      for (const page of ['cirrus', 'link']) {
        await render(tally, who, `/${page}/${encodeURIComponent(payload)}`, (shown) =>
          shown.getByRole('heading', { name: 'Not Found' }).waitFor({ timeout: 30_000 }),
        );
      }
      tally.refused += 1;
    }
    tally.print();
  });
});

describe('Markdown imported', () => {
  it('imports a file of every payload, as text, links and images, and shows what it keeps inert', async () => {
    const tally = new XssTally('Markdown imported');
    const text = XSS_PAYLOADS.filter((payload) => !hasControl(payload));
    const addresses = ADDRESS_PAYLOADS.filter((payload) => !hasAnyControl(payload));
    const markdown = [
      '# Payloads',
      ...text.map((payload) => `${payload}\n`),
      ...addresses.map((payload, index) => `[link ${index}](${payload}) ![image ${index}](${payload})\n`),
    ].join('\n');
    const { page } = ann;
    await page.goto('/new-vellum');
    await page.getByRole('button', { name: 'Import Markdown' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('markdown-file').setInputFiles({
      name: 'payloads.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(markdown),
    });
    const notices = page.getByTestId('import-notices');
    await notices.getByRole('link', { name: 'Open the imported Vellum' }).waitFor({ timeout: 30_000 });
    await expectInert(ann, 'the import notices');
    tally.rendered += 1;
    await notices.getByRole('link', { name: 'Open the imported Vellum' }).click();
    await page.waitForURL(/\/vellum\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const body = page.getByRole('textbox', { name: 'Vellum text' });
    await body.getByText('link 0').first().waitFor({ timeout: 30_000 });
    await expectInert(ann, 'the imported vellum');
    tally.rendered += 1;
    const kept = await body
      .locator('a[href], img[src]')
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
      );
    expect(kept.filter((address) => !/^https?:\/\//.test(address))).toEqual([]);
    tally.stored += text.length + kept.length;
    tally.refused += addresses.length * 2 - kept.length;
    expect((await page.request.put(`/api/vellum/publish/${id}`)).ok()).toBe(true);
    await render(tally, bob, `/vellum/${id}`, (reader) =>
      reader
        .getByRole('textbox', { name: 'Vellum text' })
        .getByText('link 0')
        .first()
        .waitFor({ timeout: 30_000 }),
    );
    tally.print();
  });
});

describe("titles in the zip's names", () => {
  it('names every entry of the zip safely, whatever the titles', async () => {
    const tally = new XssTally('zip entry names (vellum titles)');
    const { page } = ann;
    const text = JSON.stringify(linkDoc('https://example.com/'));
    for (const payload of XSS_PAYLOADS) {
      const answer = await page.request.post('/api/vellum-new', { data: { title: payload, text } });
      if (!tally.count(answer.status())) await expectRefused(payload, answer);
    }
    for (const [what, value] of CONFUSED_VALUES) {
      const answer = await page.request.post('/api/vellum-new', { data: { title: value, text } });
      expect({ what, status: answer.status() }).toEqual({ what, status: 400 });
      tally.count(answer.status());
    }
    const zip = await page.request.get(`/api/cirrus/${ann.user.username}/vellums.zip`);
    expect(zip.status()).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(await zip.body())));
    expect(names.length).toBe(Number(zip.headers()['x-vellum-count']));
    expect(names.length).toBeGreaterThanOrEqual(tally.stored);
    expect(new Set(names).size).toBe(names.length);
    const unsafe = names.filter(
      (name) =>
        !name.endsWith('.md') ||
        /[/\\<>:"|?*]|^\.|\.\./.test(name) ||
        hasAnyControl(name) ||
        name.length > 120,
    );
    expect(unsafe).toEqual([]);
    expect(strFromU8(unzipSync(new Uint8Array(await zip.body()))[names[0]!]!).length).toBeGreaterThan(0);
    await render(tally, ann, `/cirrus/${ann.user.username}/vellums`, (owner) =>
      owner.getByTestId('vellum-count').waitFor({ timeout: 30_000 }),
    );
    console.log(`XSS zip: ${names.length} entries, e.g. ${names.slice(0, 5).join(', ')}`);
    tally.print();
  });
});
