import { screenshot } from '../harness/browser';
import { createVerifiedUser, setPasswordByMail } from '../harness/flows';
import { newUser } from '../harness/users';
import { signIn, signedInPerson, visitor, type Person } from '../harness/vellums';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';

// Issue 17: the analytics admin page, for the verified owner of an email in ADMIN_EMAILS, Not Found for anyone else.
const ADMIN = { ...newUser('admin'), email: 'e2e.admin@example.com', firstName: 'Ada', lastName: 'Admin' };
const { product, browser } = useProductAndBrowser({ ADMIN_EMAILS: ADMIN.email });

describe('the admin page', () => {
  let admin: Person;
  let zed: Person;

  beforeAll(async () => {
    await createVerifiedUser(product().url, ADMIN);
    await setPasswordByMail(product().url, ADMIN);
    const zedUser = { ...newUser('zed'), firstName: 'Zed', lastName: 'Zimmer' };
    await createVerifiedUser(product().url, zedUser);
    [admin, zed] = await Promise.all([
      signIn(browser(), product().url, ADMIN),
      signIn(browser(), product().url, zedUser),
    ]);
  });

  const usernames = (list: string) =>
    admin.page.getByTestId(`admin-${list}`).locator('tbody tr td:nth-child(3)').allTextContents();

  it('shows an admin the three tables, sorted and filtered on the server, and the charts drawn', async () => {
    const { page } = admin;
    await page.goto('/admin');
    // The page's own chunk and then the charting library's load on a first visit: give a busy machine time.
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor({ timeout: 30_000 });
    await expect(page.title()).resolves.toMatch(/Analytics/);
    for (const name of ['Active Cirri', 'Confirmed Cirri', 'All Cirri']) {
      await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
    }
    // Both signed in just now: active, confirmed and listed, newest first.
    await page.getByTestId('admin-active-count').getByText('2 Cirri').waitFor();
    await expect(usernames('active')).resolves.toEqual([zed.user.username, ADMIN.username]);

    const all = page.getByTestId('admin-all');
    await all.getByRole('button', { name: /Sort by username/ }).click();
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid="admin-all"] tbody tr td:nth-child(3)')?.textContent === first,
      ADMIN.username,
    );
    await expect(usernames('all')).resolves.toEqual([ADMIN.username, zed.user.username]);

    await page.getByLabel(/Filter cirri/).fill('zimmer');
    await page.getByTestId('admin-all-count').getByText('1 Cirrus').waitFor();
    await expect(usernames('all')).resolves.toEqual([zed.user.username]);
    await expect(all.locator('tbody tr td:nth-child(1)').allTextContents()).resolves.toEqual([
      zed.user.email,
    ]);

    // Four charts, each a drawn canvas, and the numbers as a table.
    await page.getByTestId('admin-chart').nth(3).locator('canvas').waitFor();
    await expect(page.getByTestId('admin-chart').locator('canvas').count()).resolves.toBeGreaterThanOrEqual(
      4,
    );
    const drawn = await page
      .getByTestId('admin-chart')
      .first()
      .locator('canvas')
      .evaluate((canvas) => {
        const c = canvas as HTMLCanvasElement;
        const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        return pixels.some((value, i) => i % 4 === 3 && value > 0);
      });
    expect(drawn).toBe(true);
    await page.getByText('Show the numbers as a table').click();
    await page.getByRole('table', { name: 'The last 90 days' }).waitFor();
    await screenshot(page, 'admin');
  });

  it('is Not Found for a signed-in cirrus who is not an admin, and for a visitor', async () => {
    const other = await signedInPerson(browser(), product().url, 'other');
    const guest = await visitor(browser(), product().url);
    for (const { page } of [other, guest]) {
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Not Found' }).waitFor();
      await expect(page.title()).resolves.toBe('Not Found');
      await expect(page.getByRole('table').count()).resolves.toBe(0);
    }
    await Promise.all([other.context.close(), guest.context.close()]);
  });
});
