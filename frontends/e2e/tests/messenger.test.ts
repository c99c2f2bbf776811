import type { Page, WebSocket } from 'playwright-core';
import { screenshot } from '../harness/browser';
import { createVerifiedUser } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';
import { signIn, type Person } from '../harness/vellums';
import { MARKUP_PAYLOADS } from '../harness/xssCorpus';

// The messenger remote (frontends/messenger, served at /mf/messenger/) and the messaging service in the embedded
// product: Ann and Bob chat in two browser contexts (realtime both ways, the top bar's badge counting and clearing,
// read marks), each edits their own conversation vellum and reads the other's, Cy gets Not Found, and markup or
// unsafe addresses in messages never run.
const { product, browser } = useProductAndBrowser();
let ann: Person;
let bob: Person;
let cy: Person;
let chat: string;
/** Ann's open realtime sockets: the shell's top bar and the messenger remote share one. */
const annSockets = new Set<WebSocket>();

const REALTIME_MS = 15_000;
const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);
const badge = (page: Page) => page.getByTestId('unread-badge');
const badgeShows = (page: Page, count: number) =>
  badge(page)
    .filter({ hasText: new RegExp(`^${count} unread messages$`) })
    .waitFor({ timeout: REALTIME_MS })
    .catch(async (error: unknown) => {
      throw new Error(`The badge shows '${await badge(page).textContent()}', not ${count}: ${String(error)}`);
    });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByTestId('message');

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true }).last().waitFor();
  // The message may arrive on the socket before the send's answer, which is what empties the composer.
  const deadline = Date.now() + REALTIME_MS;
  while ((await composer(page).inputValue()) !== '' && Date.now() < deadline) await page.waitForTimeout(50);
  expect(await composer(page).inputValue()).toBe('');
}

describe('the Messenger in the browser', () => {
  beforeAll(async () => {
    const people = [
      { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' },
      { ...newUser('bob'), firstName: 'Bob', lastName: 'Stone' },
      { ...newUser('cy'), firstName: 'Cy', lastName: 'Park' },
    ];
    await Promise.all(people.map((user) => createVerifiedUser(product().url, user)));
    const [first, second, third] = people.map((user) => signIn(browser(), product().url, user));
    [ann, bob, cy] = await Promise.all([first!, second!, third!]);
    ann.page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      annSockets.add(socket);
      socket.on('close', () => annSockets.delete(socket));
    });
  });

  it('starts with no conversations, and Ann opens one with Bob by username', async () => {
    const { page } = ann;
    // A fresh load, so that every socket of the page is seen (annSockets).
    await page.goto('/messenger');
    await page.getByText('No conversations yet.').waitFor({ timeout: 30_000 });
    await expect(page.title()).resolves.toBe('Messenger');
    await page.getByRole('searchbox', { name: 'New conversation' }).fill(bob.user.username);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await page.waitForURL(/\/messenger\/[^/]+$/);
    chat = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: 'Bob Stone' }).waitFor();
    await expect(page.title()).resolves.toBe('Chat with Bob Stone');
    await page.waitForTimeout(500);
    expect(annSockets.size).toBe(1);
  });

  it("delivers Ann's message to Bob's badge at once, without a reload, and clears it as Bob reads", async () => {
    await bob.page.goto('/hall');
    await badgeShows(bob.page, 0);
    await send(ann.page, 'Hello Bob, see https://example.com/plan.');
    await badgeShows(bob.page, 1);
    await ann.page.getByTestId('receipt').last().getByText('Sent').waitFor();

    await bob.page.getByTestId('messenger-link').click();
    const row = bob.page.getByRole('link', { name: 'Chat with Ann Lee, 1 unread' });
    await row.getByText('Hello Bob, see https://example.com/plan.').waitFor({ timeout: 30_000 });
    await screenshot(bob.page, '60-messenger-list');
    await row.click();
    await bob.page.waitForURL(`**/messenger/${chat}`);
    await bubbles(bob.page).getByText('Hello Bob, see').first().waitFor();
    const link = bob.page
      .getByRole('list', { name: 'Messages' })
      .getByRole('link', { name: 'https://example.com/plan' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await badgeShows(bob.page, 0);
    // Bob read it: Ann's mark moves to Read in real time.
    await ann.page.getByTestId('receipt').last().getByText('Read').waitFor({ timeout: REALTIME_MS });
  });

  it("delivers Bob's reply to Ann's open chat in real time, Shift+Enter breaking the line", async () => {
    await composer(bob.page).fill('Hi Ann');
    await composer(bob.page).press('Shift+Enter');
    await composer(bob.page).pressSequentially('two lines');
    await composer(bob.page).press('Enter');
    await bubbles(ann.page).getByText('Hi Ann\ntwo lines').waitFor({ timeout: REALTIME_MS });
    await bob.page.getByTestId('receipt').last().getByText('Read').waitFor({ timeout: REALTIME_MS });
    await badgeShows(ann.page, 0);
    await screenshot(ann.page, '61-chat');
  });

  it("shows Ann 'Bob Stone is typing…' while Bob types, and takes it away when his message arrives", async () => {
    const typing = ann.page.getByTestId('typing');
    expect(await typing.textContent()).toBe('');
    // Past the messenger's gap between two notices (the last reply's keystrokes sent one).
    await bob.page.waitForTimeout(1300);
    await composer(bob.page).pressSequentially('Are you free');
    await typing.getByText('Bob Stone is typing…').waitFor({ timeout: REALTIME_MS });
    expect(await bob.page.getByTestId('typing').textContent()).toBe('');
    await composer(bob.page).press('Enter');
    await bubbles(ann.page).getByText('Are you free').waitFor({ timeout: REALTIME_MS });
    expect(await typing.textContent()).toBe('');
  });

  it("shows Bob Ann's edit with '(edited)' and her deletion as 'This message was deleted.', at once", async () => {
    await send(ann.page, 'See you at 5');
    const mine = ann.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
    await mine.getByRole('button', { name: 'Edit' }).click();
    const box = ann.page.getByRole('textbox', { name: 'Edited message' });
    await box.fill('See you at 6');
    await box.press('Enter');
    const his = bob.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
    await his.getByText('See you at 6').waitFor({ timeout: REALTIME_MS });
    await his.getByText('(edited)').waitFor();
    await mine.getByRole('button', { name: 'Delete' }).click();
    await mine.getByRole('button', { name: 'Yes, delete' }).click();
    await his.getByText('This message was deleted.').waitFor({ timeout: REALTIME_MS });
    expect(await his.textContent()).not.toContain('See you at 6');
    await mine.getByText('This message was deleted.').waitFor();
    await screenshot(bob.page, '62-chat-edited-deleted');
  });

  it("counts Bob's messages on Ann's badge while she is elsewhere, and clears them when she opens the chat", async () => {
    await ann.page.goto('/messenger');
    await ann.page.getByRole('list', { name: 'Conversations' }).waitFor({ timeout: 30_000 });
    await send(bob.page, 'Are you there?');
    await send(bob.page, 'Ping');
    await badgeShows(ann.page, 2);
    await ann.page.getByRole('link', { name: 'Chat with Bob Stone, 2 unread' }).click();
    await bubbles(ann.page).getByText('Ping', { exact: true }).waitFor();
    // The chat opens on the first of the two under 'New messages', which stays while they are marked read.
    const history = ann.page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    const texts = await history.evaluateAll((items) =>
      items.map((item) =>
        item.getAttribute('data-testid') === 'new-messages'
          ? 'New messages'
          : (item.querySelector('[data-testid="message"]')?.textContent ?? ''),
      ),
    );
    expect(texts.slice(-3)).toEqual([
      'New messages',
      `@${bob.user.username}: Are you there?`,
      `@${bob.user.username}: Ping`,
    ]);
    await expect(ann.page.getByTestId('new-messages').isVisible()).resolves.toBe(true);
    await badgeShows(ann.page, 0);
    // The count is the store's: a reload (a new socket) shows the same.
    await ann.page.reload();
    await bubbles(ann.page).getByText('Ping', { exact: true }).waitFor({ timeout: 30_000 });
    await badgeShows(ann.page, 0);
  });

  it('refuses an empty message and one over 2,000 characters with the messages of the contract', async () => {
    const { page } = ann;
    await composer(page).fill('   ');
    await composer(page).press('Enter');
    await page.getByText('Write a message first.').waitFor();
    await composer(page).fill('x'.repeat(2001));
    await page.getByText('A message has at most 2,000 characters.').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await composer(page).fill('');
  });

  it('shows markup and unsafe addresses in messages as inert text', async () => {
    const payloads = [
      ...MARKUP_PAYLOADS.slice(0, 8),
      'javascript:window.__pwned=1',
      'data:text/html,<b>x</b>',
    ];
    await send(ann.page, payloads.join('\n'));
    const list = bob.page.getByRole('list', { name: 'Messages' });
    await list.getByText('javascript:window.__pwned=1', { exact: false }).waitFor({ timeout: REALTIME_MS });
    expect(await list.locator('img, script, iframe, svg, object, embed').count()).toBe(0);
    const hrefs = await list
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.every((href) => href?.startsWith('https://') || href?.startsWith('http://'))).toBe(true);
    await bob.page.reload();
    await list.getByText('javascript:window.__pwned=1', { exact: false }).waitFor({ timeout: 30_000 });
    for (const person of [ann, bob]) {
      expect(await pwned(person.page)).toBeUndefined();
      expect(person.dialogs).toEqual([]);
    }
  });

  it("lets each edit their own conversation vellum and only read the other's", async () => {
    await ann.page.goto(`/messenger/${chat}`);
    await ann.page.getByRole('link', { name: 'My Conversation Vellum' }).click();
    await ann.page.waitForURL(`**/messenger/${chat}/${ann.user.username}`);
    const title = ann.page.getByRole('textbox', { name: 'Title' });
    await title.waitFor({ timeout: 30_000 });
    await ann.page.getByText('Conversation Vellum · Private').waitFor();
    await title.fill('Our plan');
    await ann.page
      .getByRole('textbox', { name: 'Conversation Vellum text' })
      .pressSequentially('Meet at noon.');
    await Promise.all([
      ann.page.waitForResponse(
        (answer) => answer.request().method() === 'POST' && answer.url().includes('/messenger/vellum/'),
      ),
      ann.page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    await ann.page.reload();
    await expect(ann.page.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe('Our plan');

    await bob.page.goto(`/messenger/${chat}`);
    await bob.page.getByRole('link', { name: "Ann Lee's Conversation Vellum" }).click();
    await bob.page.waitForURL(`**/messenger/${chat}/${ann.user.username}`);
    await bob.page.getByRole('heading', { level: 1, name: 'Our plan' }).waitFor({ timeout: 30_000 });
    await bob.page.getByText('Meet at noon.').waitFor();
    expect(await bob.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await screenshot(bob.page, '62-conversation-vellum-read-only');
  });

  it('is Not Found for a third person, the chat and both conversation vellums', async () => {
    const { page } = cy;
    for (const path of [
      `/messenger/${chat}`,
      `/messenger/${chat}/${ann.user.username}`,
      `/messenger/${chat}/${bob.user.username}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Not Found' }).waitFor({ timeout: 30_000 });
    }
    await page.goto('/messenger');
    await page.getByText('No conversations yet.').waitFor({ timeout: 30_000 });
    await badgeShows(page, 0);
  });

  it('never crashed a page', () => {
    for (const person of [ann, bob, cy]) expect(person.pageErrors).toEqual([]);
  });
});
