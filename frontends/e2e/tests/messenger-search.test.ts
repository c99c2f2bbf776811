import type { Page } from 'playwright-core';
import { screenshot } from '../harness/browser';
import { annAndBobInAConversation } from '../harness/conversation';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import type { Person } from '../harness/vellums';

// Search inside one conversation (issue 29): Ann writes to Bob, the message Bob looks for first and then more than
// a page; Bob searches, sees the found words marked in the snippet, jumps to the message (focused and highlighted,
// with the messages around it) and goes back to the newest.
const { product, browser } = useProductAndBrowser();
let ann: Person;
let bob: Person;
let chat: string;

/** More than the chat's first page (30). */
const LATER_MESSAGES = 40;
const bubbles = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByTestId('message');

describe('searching a conversation in the browser', () => {
  beforeAll(async () => {
    ({ ann, bob, chat } = await annAndBobInAConversation(browser(), product().url));
    const send = async (text: string) => {
      const sent = await ann.page.request.post(`/api/messenger/conversations/${chat}/messages`, {
        data: { text },
      });
      expect([text, sent.status()]).toEqual([text, 201]);
    };
    await send('The lighthouse keepers wave at the ferry every morning');
    // Within the service's 60 messages a minute.
    for (let i = 1; i <= LATER_MESSAGES; i++) await send(`Later note ${i}`);
  });

  it('finds the message by a stem of its words, marks them in the snippet, and jumps to it', async () => {
    const { page } = bob;
    await page.goto(`/messenger/${chat}`);
    await bubbles(page)
      .getByText(`Later note ${LATER_MESSAGES}`, { exact: true })
      .waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Search this conversation' }).click();
    const field = page.getByRole('searchbox', { name: 'Search messages' });
    await field.pressSequentially('lighthouses keep');
    const results = page.getByRole('list', { name: 'Messages found' }).getByRole('button');
    await results.first().waitFor({ timeout: 15_000 });
    expect(await results.count()).toBe(1);
    const marked = await results.first().locator('mark').allTextContents();
    expect(marked).toEqual(['lighthouse', 'keepers']);
    await screenshot(page, '63-chat-search');

    await field.press('ArrowDown');
    await page.keyboard.press('Enter');
    const found = page.locator('li[data-found="true"]');
    await found.waitFor({ timeout: 15_000 });
    expect(await found.getByTestId('message').textContent()).toContain(
      'The lighthouse keepers wave at the ferry every morning',
    );
    expect(await found.evaluate((item) => item === document.activeElement)).toBe(true);
    // The messages around it: the next ones Ann sent.
    await bubbles(page).getByText('Later note 1', { exact: true }).waitFor();
    await screenshot(page, '64-chat-search-jump');

    await page.getByRole('button', { name: 'Back to the newest' }).click();
    await bubbles(page)
      .getByText(`Later note ${LATER_MESSAGES}`, { exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Back to the newest' }).count()).toBe(0);
  });

  it("tells Ann 'No messages found.' for a word no message has", async () => {
    const field = ann.page.getByRole('searchbox', { name: 'Search messages' });
    await ann.page.goto(`/messenger/${chat}`);
    await ann.page.getByRole('button', { name: 'Search this conversation' }).click();
    await field.fill('giraffe');
    await field.press('Enter');
    await ann.page.getByText('No messages found.').waitFor({ timeout: 15_000 });
  });

  it('never crashed a page', () => {
    for (const person of [ann, bob]) expect(person.pageErrors).toEqual([]);
  });
});
