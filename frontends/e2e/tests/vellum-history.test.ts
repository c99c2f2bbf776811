import { seriousViolations } from '../harness/axe';
import { createVerifiedUser } from '../harness/flows';
import { newUser } from '../harness/users';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { createThroughPage, signedInPerson, signIn, vellumPage, type Person } from '../harness/vellums';

// Issue 28, a vellum's History: the owner edits and saves, opens the History panel, sees what changed against the
// current text, and restores the first version through the save after the confirmation. The product keeps every
// replaced text (VERSION_COALESCE_MINUTES=0): a journey cannot wait out the 5 minutes, which the service tests
// cover with a fake clock.
const { product, browser } = useProductAndBrowser({ VERSION_COALESCE_MINUTES: '0' });
let ann: Person;

describe('a vellum’s history', () => {
  beforeAll(async () => {
    // bypassCSP: axe-core runs as an inline script.
    const user = newUser('history');
    await createVerifiedUser(product().url, user);
    ann = await signIn(browser(), product().url, user, { bypassCSP: true });
  });

  it('edit → versions → diff → restore, by keyboard where it matters', async () => {
    const { page } = ann;
    const id = await createThroughPage(page, 'Travel notes', 'Pack the blue tent');
    const vellum = vellumPage(page);
    await vellum.button('Saved').waitFor();
    await vellum.body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Buy maps');
    await page.keyboard.press('Control+Enter');
    await vellum.button('Saved').waitFor();

    const history = page.getByRole('button', { name: 'History', exact: true });
    await history.focus();
    await page.keyboard.press('Enter');
    await expect(history.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = page.getByRole('region', { name: 'History' });
    const versions = panel.getByRole('list', { name: 'Versions, newest first' }).getByRole('button');
    await versions.first().waitFor();
    await expect(versions.count()).resolves.toBe(1);
    await expect(versions.first().textContent()).resolves.toMatch(/ B$/);

    await versions.first().focus();
    await page.keyboard.press('Enter');
    const opened = page.getByTestId('open-version');
    const changes = opened.getByRole('list', { name: 'Changes since this version' });
    await changes.locator('ins', { hasText: 'Buy maps' }).waitFor();
    await expect(seriousViolations(page, '.vellum-history')).resolves.toEqual([]);

    await opened.getByRole('button', { name: 'Text of this version' }).click();
    const text = opened.getByRole('textbox', { name: 'Text of the version' });
    await text.getByText('Pack the blue tent').waitFor();
    await expect(text.getAttribute('aria-readonly')).resolves.toBe('true');

    await opened.getByRole('button', { name: 'Restore', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Restore this version? The current text is kept as a version too.').waitFor();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await opened.waitFor({ state: 'detached' });
    await vellum.body.getByText('Buy maps').waitFor({ state: 'detached' });
    await vellum.body.getByText('Pack the blue tent').waitFor();

    // The restore went through the save: the replaced text is a version too, and the server holds the old text.
    await expect(versions.count()).resolves.toBe(2);
    const stored = await page.request.get(`/api/vellum/${id}`);
    const { vellum: current } = (await stored.json()) as { vellum: { text: string } };
    expect(current.text).toContain('Pack the blue tent');
    expect(current.text).not.toContain('Buy maps');
    expect(ann.pageErrors).toEqual([]);
  });

  it('shows no History to anyone else', async () => {
    const { page } = ann;
    const id = await createThroughPage(page, 'Public notes', 'For everyone');
    expect((await page.request.put(`/api/vellum/publish/${id}`)).status()).toBe(200);
    const bob = await signedInPerson(browser(), product().url, 'history-bob');
    await bob.page.goto(`/vellum/${id}`);
    await bob.page.getByText('For everyone').waitFor();
    await expect(bob.page.getByRole('button', { name: 'History', exact: true }).count()).resolves.toBe(0);
    const answer = await bob.page.request.get(`/api/vellum/${id}/versions`);
    expect(answer.status()).toBe(404);
  });
});
