import { screenshot } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signedInPerson, type Person } from '../harness/vellums';

const { product, browser } = useProductAndBrowser();

describe('editing one’s profile in the browser', () => {
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    [ann, bob] = await Promise.all([
      signedInPerson(browser(), product().url, 'ann'),
      signedInPerson(browser(), product().url, 'bob'),
    ]);
  });

  afterAll(async () => {
    await ann?.context.close();
    await bob?.context.close();
  });

  it('is Not Found for someone else', async () => {
    await bob.page.goto(`/cirrus/${ann.user.username}/edit`);
    await bob.page.getByTestId('not-found').waitFor();
    await expect(bob.page.title()).resolves.toBe('Not Found');
  });

  it('edits the display name from the signature menu, with the messages under the field', async () => {
    const { page } = ann;
    await page.getByRole('button', { name: 'Signature menu' }).click();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL(`**/cirrus/${ann.user.username}/edit`);
    const displayName = page.getByRole('textbox', { name: 'Display Name' });
    await displayName.waitFor();
    await expect(page.title()).resolves.toBe('Edit Profile');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);

    await displayName.fill('Annabel_Renamed');
    await page
      .getByText('Display name must consist of letters, digits, dots, apostrophes, dashes, or spaces.')
      .waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await displayName.fill('Annabel Renamed');
    await page.getByRole('textbox', { name: 'Location' }).fill('Lisbon, Portugal');
    await screenshot(page, '70-edit-profile');
    await save.click();
    await page.getByText('Your profile has been saved.').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    // The top bar's name follows.
    await page
      .getByRole('button', { name: 'Signature menu' })
      .filter({ hasText: 'Annabel Renamed' })
      .waitFor();

    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await page.getByRole('heading', { name: 'Annabel Renamed' }).waitFor();
    await page.getByText('Lisbon, Portugal').waitFor();
  });

  it('shows the new name on the vellum list and in Discover', async () => {
    const { page } = ann;
    // A vellum written and published after the rename: its author comes from the vellum service's own copy.
    const created = await page.request.post('/api/vellum-new', {
      data: {
        title: 'Under my new name',
        text: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello.' }] }],
        }),
      },
    });
    expect(created.status()).toBe(201);
    const { savedVellum } = (await created.json()) as { savedVellum: { i: string } };
    expect((await page.request.put(`/api/vellum/publish/${savedVellum.i}`)).status()).toBe(200);

    await page.goto(`/cirrus/${ann.user.username}/vellums`);
    await page.getByRole('heading', { name: "Annabel Renamed's Vellums" }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Under my new name' }).waitFor();

    await page.goto('/vellums');
    await page.getByText('by Annabel Renamed').waitFor({ timeout: 30_000 });
  });

  it('is found by the new name in search', async () => {
    const { page } = bob;
    await page.goto('/search');
    await page.getByRole('combobox', { name: 'Search cirri' }).fill('Annabel Ren');
    await page.getByRole('option', { name: `@${ann.user.username} (Annabel Renamed)` }).waitFor();
    await screenshot(page, '71-search-renamed');
  });
});
