import type { Page } from 'playwright-core';
import { screenshot } from '../harness/browser';
import { annAndBobInAConversation } from '../harness/conversation';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import type { Person } from '../harness/vellums';

// Presence (issue 29): Ann sees Bob online in her conversation list while a page of his is open, 'last seen just
// now' the moment he leaves, and online again when he is back; when she hides her presence in her profile, Bob
// stops seeing hers at once, and she sees nobody's.
const { product, browser } = useProductAndBrowser();
let ann: Person;
let bob: Person;

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(`^Chat with ${name}`) });
const presenceIn = (page: Page, name: string) => rowOf(page, name).getByTestId('presence');

describe('presence in the browser', () => {
  beforeAll(async () => {
    ({ ann, bob } = await annAndBobInAConversation(browser(), product().url));
  });

  it('shows the other online while a page of theirs is open, and when they were last seen once they leave', async () => {
    await bob.page.goto('/messenger');
    await ann.page.goto('/messenger');
    await presenceIn(ann.page, 'Bob Stone').getByText('Online').waitFor({ timeout: 15_000 });
    await screenshot(ann.page, '64-presence-online');
    // Bob leaves: his socket closes, and Ann's list says so without a reload.
    await bob.page.goto('about:blank');
    await presenceIn(ann.page, 'Bob Stone').getByText('last seen just now').waitFor({ timeout: 15_000 });
    await bob.page.goto('/messenger');
    await presenceIn(ann.page, 'Bob Stone').getByText('Online').waitFor({ timeout: 15_000 });
    // And in the chat's header.
    await rowOf(ann.page, 'Bob Stone').click();
    await ann.page.getByTestId('presence').getByText('Online').waitFor({ timeout: 15_000 });
  });

  it('hides her presence from him at once when she turns it off, and shows her nobody', async () => {
    await presenceIn(bob.page, 'Ann Lee').waitFor({ timeout: 15_000 });
    await ann.page.goto(`/cirrus/${ann.user.username}/edit`);
    const toggle = ann.page.getByRole('switch', { name: 'Show when I am online' });
    await toggle.waitFor({ timeout: 15_000 });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await ann.page.getByText('Your presence is hidden.').waitFor({ timeout: 15_000 });
    await presenceIn(bob.page, 'Ann Lee').waitFor({ state: 'detached', timeout: 15_000 });
    await ann.page.goto('/messenger');
    await rowOf(ann.page, 'Bob Stone').waitFor({ timeout: 15_000 });
    await ann.page.waitForTimeout(500);
    expect(await presenceIn(ann.page, 'Bob Stone').count()).toBe(0);
    // Shown again: Bob sees her at once.
    await ann.page.goto(`/cirrus/${ann.user.username}/edit`);
    await ann.page.getByRole('switch', { name: 'Show when I am online' }).click();
    await ann.page.getByText('Your presence is shown.').waitFor({ timeout: 15_000 });
    await presenceIn(bob.page, 'Ann Lee').getByText('Online').waitFor({ timeout: 15_000 });
  });
});
