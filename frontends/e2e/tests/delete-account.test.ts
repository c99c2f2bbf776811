import { screenshot } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signedInPerson, type Person } from '../harness/vellums';

const { product, browser } = useProductAndBrowser();

describe('deleting one’s account in the browser', () => {
  let ann: Person;

  beforeAll(async () => {
    ann = await signedInPerson(browser(), product().url, 'ann');
  });

  afterAll(async () => {
    await ann?.context.close();
  });

  it('asks for the password, shows a refusal, then deletes, signs out and leaves the profile Not Found', async () => {
    const { page } = ann;
    await page.goto(`/cirrus/${ann.user.username}/edit`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Password');
    await password.fill(`${ann.user.password}-wrong`);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That password is not right: your account was not deleted.').waitFor();

    await password.fill(ann.user.password);
    await screenshot(page, '72-delete-account');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    await page.goto(`/cirrus/${ann.user.username}`);
    await page.getByTestId('not-found').waitFor();
    await expect(page.title()).resolves.toBe('Not Found');
    expect(ann.pageErrors).toEqual([]);
  });
});
