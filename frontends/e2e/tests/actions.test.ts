import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser';
import { createVerifiedUser, signInThroughModal } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';

// The actions remote in the embedded product: frontends/actions/dist is served at /mf/actions/. One person keeps
// actions of each priority and watches the top bar's badge; a follower receives an action request and completes it.
const { product, browser } = useProductAndBrowser();

/** Waits until the top bar's actions badge reads `total` in `variant` (danger, info or light). */
async function badge(page: Page, total: number, variant: 'danger' | 'info' | 'light') {
  await page.waitForFunction(
    ([n, bg]) => {
      const el = document.querySelector('[data-testid="actions-badge"]');
      return Boolean(el && el.textContent?.trim().startsWith(`${n} `) && el.classList.contains(`bg-${bg}`));
    },
    [total, variant] as const,
  );
}

async function signedIn(user: ReturnType<typeof newUser>): Promise<{ page: Page; errors: string[] }> {
  const { page, pageErrors } = await openPage(browser(), product().url);
  await page.goto('/hall');
  await signInThroughModal(page, user.email, user.password);
  return { page, errors: pageErrors };
}

async function createFromForm(page: Page, text: string, priority: 'High' | 'Medium' | 'Low' | null) {
  const create = page.getByRole('button', { name: 'Create' });
  await create.waitFor();
  expect(await create.isDisabled()).toBe(true);
  const form = page.getByRole('region', { name: 'New Action' });
  expect(await form.getByLabel('Priority').inputValue()).toBe('Medium');
  await form.getByLabel('Action').fill(text);
  if (priority) await form.getByLabel('Priority').selectOption(priority);
  expect(await create.isDisabled()).toBe(false);
  await create.click();
  await page.waitForURL((url) => url.pathname.endsWith('/actions') && url.search === '');
  await page.getByRole('button', { name: text }).waitFor();
}

describe('actions in the browser', () => {
  const ann = { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' };
  const bob = { ...newUser('bob'), firstName: 'Bob', lastName: 'Stone' };
  let annPage: Page;
  let annErrors: string[];

  beforeAll(async () => {
    await Promise.all([createVerifiedUser(product().url, ann), createVerifiedUser(product().url, bob)]);
  });

  it('shows Not Found to a visitor', async () => {
    const { page } = await openPage(browser(), product().url);
    await page.goto(`/cirrus/${ann.username}/actions`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.context().close();
  });

  it("starts with 'No Actions yet.' and creates an action of each priority from the side panel's New Action", async () => {
    ({ page: annPage, errors: annErrors } = await signedIn(ann));
    await annPage.getByRole('button', { name: 'Open the side panel' }).click();
    await annPage.getByTestId('side-panel').getByRole('link', { name: 'New Action' }).click();
    await annPage.waitForURL(`**/cirrus/${ann.username}/actions?new=1`);
    await annPage.getByText('No Actions yet.').waitFor({ timeout: 30_000 });
    await badge(annPage, 0, 'light');
    const text = annPage.getByRole('region', { name: 'New Action' }).getByLabel('Action');
    await text.fill('x'.repeat(181));
    await annPage.getByText('Action must have at most 180 characters.').waitFor();
    expect(await annPage.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await text.fill('');
    await screenshot(annPage, '51-new-action');
    await createFromForm(annPage, 'Sort the shelf', 'Low');
    await badge(annPage, 1, 'light');

    for (const [words, priority, total, colour] of [
      ['Buy paper', null, 2, 'info'],
      ['Call the printer', 'High', 3, 'danger'],
    ] as const) {
      await annPage.getByRole('link', { name: 'New Action' }).click();
      await createFromForm(annPage, words, priority);
      await badge(annPage, total, colour);
    }
    await annPage.getByRole('list', { name: 'High priority' }).getByText('Call the printer').waitFor();
    await annPage.getByRole('list', { name: 'Medium priority' }).getByText('Buy paper').waitFor();
    await annPage.getByRole('list', { name: 'Low priority' }).getByText('Sort the shelf').waitFor();
    expect(await annPage.title()).toBe('My Actions');
    await screenshot(annPage, '52-my-actions');
  });

  it('filters the actions by text', async () => {
    const filter = annPage.getByRole('searchbox', { name: 'Filter actions' });
    await filter.fill('PAPER');
    await annPage.getByRole('button', { name: 'Buy paper' }).waitFor();
    expect(await annPage.getByRole('button', { name: 'Call the printer' }).count()).toBe(0);
    await filter.fill('nothing like it');
    await annPage.getByText('No Actions found.').waitFor();
    await filter.fill('');
    await annPage.getByRole('button', { name: 'Call the printer' }).waitFor();
  });

  it('completes and abandons from the detail modal; the badge follows in count and colour', async () => {
    await annPage.getByRole('button', { name: 'Call the printer' }).click();
    const dialog = annPage.getByRole('dialog');
    await dialog.getByText(/^Created on /).waitFor();
    await screenshot(annPage, '53-action-detail');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await badge(annPage, 2, 'info');
    expect(await annPage.getByRole('button', { name: 'Call the printer' }).count()).toBe(0);

    await annPage.getByRole('button', { name: 'Buy paper' }).click();
    await annPage.getByRole('dialog').getByRole('button', { name: 'Abandon' }).click();
    await annPage.getByRole('dialog').waitFor({ state: 'detached' });
    await badge(annPage, 1, 'light');
    expect(await annPage.getByRole('button', { name: 'Buy paper' }).count()).toBe(0);
    await annPage.getByRole('button', { name: 'Sort the shelf' }).waitFor();
  });

  it('sends an action request to a follower from the followers page; the follower completes it', async () => {
    // Bob follows Ann.
    const { page: bobPage, errors: bobErrors } = await signedIn(bob);
    await bobPage.goto(`/cirrus/${ann.username}`);
    await bobPage.getByRole('button', { name: 'Follow', exact: true }).click();
    await bobPage.getByRole('button', { name: 'Unfollow' }).waitFor();

    // Ann sends him a request from her followers page.
    await annPage.goto(`/cirrus/${ann.username}/followers`);
    await annPage.getByRole('button', { name: `More for @${bob.username}` }).click();
    await annPage.getByRole('button', { name: 'Action Request' }).click();
    const dialog = annPage.getByRole('dialog', { name: 'New Action Request' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Action').fill('Review chapter two');
    await dialog.getByLabel('Priority').selectOption('High');
    await screenshot(annPage, '54-action-request');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await annPage.getByText('An Action request has been sent to Bob Stone.').waitFor();
    await screenshot(annPage, '55-action-request-sent');
    await annPage.getByRole('button', { name: 'OK', exact: true }).click();
    // Ann's own list is unchanged.
    await badge(annPage, 1, 'light');

    // Bob sees it under 'Outstanding Actions', with who asked, and completes it.
    await bobPage.goto(`/cirrus/${bob.username}/actions`);
    await bobPage.getByRole('heading', { name: 'Outstanding Actions' }).waitFor({ timeout: 30_000 });
    await badge(bobPage, 1, 'danger');
    expect(await bobPage.getByText('No Actions yet.').count()).toBe(0);
    const item = bobPage
      .getByRole('list', { name: 'Outstanding Actions' })
      .getByRole('button', { name: /Review chapter two/ });
    await item.getByText(`from @${ann.username}`).waitFor();
    await screenshot(bobPage, '56-outstanding-actions');
    await item.click();
    const detail = bobPage.getByRole('dialog');
    await detail.getByText(`Requested by Ann Lee (@${ann.username})`, { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Complete' }).click();
    await detail.waitFor({ state: 'detached' });
    await bobPage.getByText('No Actions yet.').waitFor();
    await badge(bobPage, 0, 'light');

    expect(bobErrors).toEqual([]);
    expect(annErrors).toEqual([]);
    await bobPage.context().close();
  });
});
