import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../harness/axe';
import { screenshot } from '../harness/browser';
import { signInThroughModal } from '../harness/flows';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signedInPerson, visitor, type Person } from '../harness/vellums';
import { MARKUP_PAYLOADS, URL_PAYLOADS } from '../harness/xssCorpus';

// The links remote (frontends/links, served at /mf/links/) and the link service in the embedded product: an owner
// builds their Vielink (add, edit, delete, reorder by drag and by keyboard, recolour, copy the master link), a
// visitor opens a link in a new tab and the owner sees the click counted; XSS payloads stay inert; axe is content.
const { product, browser } = useProductAndBrowser();
let ann: Person;

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

/** The labels of the page's links, in the order shown. */
const shownLabels = (page: Page) =>
  page.getByRole('list', { name: 'Links' }).locator(':scope > li .btn-lg').allTextContents();

async function addLink(page: Page, label: string, url: string) {
  await page.getByRole('button', { name: 'Add Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Link' });
  const add = dialog.getByRole('button', { name: 'Add' });
  expect(await add.isDisabled()).toBe(true);
  await dialog.getByLabel('Label').fill(label);
  expect(await add.isDisabled()).toBe(true);
  await dialog.getByLabel('URL').fill(url);
  expect(await add.isDisabled()).toBe(false);
  await add.click();
  await page.getByText(`Added Link for ${label}.`).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function openOwnPage(page: Page) {
  await page.goto(`/link/${ann.user.username}`);
  await page.getByRole('button', { name: 'Add Link' }).waitFor({ timeout: 30_000 });
}

/** What `read` gives once it equals `expected` (the page follows a change asynchronously), within 10 s. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** Once a modal has faded in (Bootstrap's 300 ms fade: axe would measure a half-transparent one's colours). */
async function settled(page: Page) {
  await page.locator('.modal.show').waitFor();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal.show')!).opacity === '1');
  await page.waitForTimeout(400);
}

/** The centre of an element on the screen. */
async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the Vielink in the browser', () => {
  beforeAll(async () => {
    ann = await signedInPerson(browser(), product().url, 'vie');
    await ann.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product().url });
  });

  it('is Not Found for an unknown username', async () => {
    const { page, context } = await visitor(browser(), product().url);
    await page.goto('/link/nobody.here');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it("opens from the signature menu's 'Edit My Vielink' with avatar, name, @username and master link", async () => {
    const { page } = ann;
    await page.getByRole('button', { name: 'Signature menu' }).click();
    await page.getByRole('link', { name: 'Edit My Vielink' }).click();
    await page.waitForURL(`**/link/${ann.user.username}`);
    await page.getByRole('button', { name: 'Add Link' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: "Ann O'Neil" }).waitFor();
    await page.getByText(`@${ann.user.username}`, { exact: true }).waitFor();
    await page.getByRole('img', { name: `QR code of ${product().url}/link/${ann.user.username}` }).waitFor();
    await page.getByText('No Links yet.').waitFor();
  });

  it("adds links through the modal, Add disabled until both fields are set, each with 'Added Link for {label}.'", async () => {
    const { page } = ann;
    await page.getByRole('button', { name: 'Add Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Link' });
    await dialog.getByLabel('Label').fill('Unsafe');
    await dialog.getByLabel('URL').fill('javascript:window.__pwned=1');
    await dialog
      .getByText('Link URL must be a full web address starting with http:// or https://.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addLink(page, 'Docs', `${product().url}/vellums`);
    await addLink(page, 'Blog', 'https://blog.example.com/');
    await addLink(page, 'Shop', 'https://shop.example.com/');
    expect(await shownLabels(page)).toEqual(['Docs', 'Blog', 'Shop']);
    await page.reload();
    await page.getByRole('button', { name: 'Add Link' }).waitFor({ timeout: 30_000 });
    expect(await shownLabels(page)).toEqual(['Docs', 'Blog', 'Shop']);
  });

  it("edits a link with 'Edited Link for {label}.' and shows the server's errorMessage in an error toast", async () => {
    const { page } = ann;
    await page.getByRole('button', { name: 'Edit Blog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Link' });
    expect(await dialog.getByLabel('Label').inputValue()).toBe('Blog');
    await dialog.getByLabel('Label').fill('');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Label').fill('My Blog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edited Link for My Blog.').waitFor();
    expect(await shownLabels(page)).toEqual(['Docs', 'My Blog', 'Shop']);

    // The page of another window: Shop is deleted behind this one's back, then edited here.
    const links = (await (await page.request.get(`/api/link/${ann.user.username}`)).json()) as {
      links: Array<{ _id: string; link_label: string }>;
    };
    const shop = links.links.find((l) => l.link_label === 'Shop')!;
    await page.getByRole('button', { name: 'Edit Shop' }).click();
    expect((await page.request.delete(`/api/link/${shop._id}`)).ok()).toBe(true);
    await page.getByRole('dialog', { name: 'Edit Link' }).getByRole('button', { name: 'Save' }).click();
    const refusal = page.locator('.toast.bg-danger');
    await refusal.waitFor();
    expect((await refusal.textContent())?.trim()).toBe('This Link does not exist.');
    await page.getByRole('dialog', { name: 'Edit Link' }).getByRole('button', { name: 'Cancel' }).click();
    await openOwnPage(page);
    expect(await shownLabels(page)).toEqual(['Docs', 'My Blog']);
  });

  it("deletes a link after 'Are you sure to delete the Link for {label}?' with 'Deleted Link for {label}.'", async () => {
    const { page } = ann;
    await addLink(page, 'Talks', 'https://talks.example.com/');
    await page.getByRole('button', { name: 'Delete My Blog' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure to delete the Link for My Blog?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted Link for My Blog.').waitFor();
    expect(await shownLabels(page)).toEqual(['Docs', 'Talks']);
    await addLink(page, 'Shop', 'https://shop.example.com/');
    expect(await shownLabels(page)).toEqual(['Docs', 'Talks', 'Shop']);
  });

  it('reorders from the keyboard: Space picks a link up, the arrows move it, Space drops it', async () => {
    const { page } = ann;
    await page.getByRole('button', { name: 'Move Docs' }).focus();
    // At a person's pace: the list measures its rows once a link is picked up.
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await eventually(() => shownLabels(page), ['Talks', 'Shop', 'Docs']);
    await page.waitForLoadState('networkidle');
    await openOwnPage(page);
    expect(await shownLabels(page)).toEqual(['Talks', 'Shop', 'Docs']);
  });

  it('reorders by dragging a handle with the mouse', async () => {
    const { page } = ann;
    const from = await centre(page.getByRole('button', { name: 'Move Docs' }));
    const to = await centre(page.getByRole('button', { name: 'Move Talks' }));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x, to.y - 10, { steps: 20 });
    await page.waitForTimeout(300);
    await page.mouse.up();
    await eventually(() => shownLabels(page), ['Docs', 'Talks', 'Shop']);
    await page.waitForLoadState('networkidle');
    await openOwnPage(page);
    expect(await shownLabels(page)).toEqual(['Docs', 'Talks', 'Shop']);
  });

  it('offers no dragging on a width of 760 or less', async () => {
    const { page } = ann;
    await page.setViewportSize({ width: 760, height: 800 });
    await page.getByRole('button', { name: 'Edit Docs' }).waitFor();
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Move Docs' }).waitFor();
  });

  it('recolours the page at once and keeps the colours', async () => {
    const { page } = ann;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/link/set-background-color'));
    await page.getByLabel('Background', { exact: true }).fill('#203040');
    await eventually(
      () => page.getByTestId('vielink').evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(32, 48, 64)',
    );
    expect(await (await saved).json()).toEqual({ backgroundColor: '#203040' });
    const font = page.waitForResponse((r) => r.url().endsWith('/api/link/set-item-font-color'));
    await page.getByLabel('Link font', { exact: true }).fill('#1f3a5f');
    await (await font).finished();
    const background = page.waitForResponse((r) => r.url().endsWith('/api/link/set-item-background-color'));
    await page.getByLabel('Link background', { exact: true }).fill('#f5f0e6');
    await (await background).finished();
    const docs = page.getByRole('link', { name: 'Docs' });
    await eventually(
      () => docs.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]),
      ['rgb(31, 58, 95)', 'rgb(245, 240, 230)'],
    );
    await openOwnPage(page);
    expect(await page.getByTestId('vielink').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(32, 48, 64)',
    );
    expect(await page.getByLabel('Link font', { exact: true }).inputValue()).toBe('#1f3a5f');
    await screenshot(page, '60-vielink-owner');
  });

  it("copies the master link with a click and says 'Copied to clipboard.'", async () => {
    const { page } = ann;
    const master = `${product().url}/link/${ann.user.username}`;
    await page.getByRole('button', { name: master }).click();
    await page.getByText('Copied to clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(master);
  });

  it('lets a visitor open a link in a new tab through the counting redirect; the owner sees the click', async () => {
    const guest = await visitor(browser(), product().url);
    await guest.page.goto(`/link/${ann.user.username}`);
    const docs = guest.page.getByRole('link', { name: 'Docs' });
    await docs.waitFor({ timeout: 30_000 });
    expect(await guest.page.getByRole('button', { name: 'Add Link' }).count()).toBe(0);
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await docs.getAttribute('href')).toMatch(/^\/api\/link\/go\/[0-9a-f-]{36}$/);
    const [tab] = await Promise.all([guest.context.waitForEvent('page'), docs.click()]);
    await tab.waitForURL(`${product().url}/vellums`);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await screenshot(guest.page, '61-vielink-visitor');
    await guest.context.close();

    const { page } = ann;
    await openOwnPage(page);
    await page.getByRole('listitem', { name: 'Docs' }).getByText('1 click', { exact: true }).waitFor();
    await page.getByRole('listitem', { name: 'Talks' }).getByText('0 clicks', { exact: true }).waitFor();
  });

  it('keeps XSS payloads inert: labels shown as text, unsafe URLs refused by the service', async () => {
    const { page } = ann;
    await page.addInitScript(() => {
      (window as unknown as { __pwned?: number }).__pwned = 0;
    });
    // Labels hold at most 32 characters: the corpus's short payloads and short forms of the long ones.
    const labels = [
      ...MARKUP_PAYLOADS.filter((p) => [...p].length <= 32),
      '<img src=x onerror=__pwned=1>',
      '<svg/onload=window.__pwned=1>',
      '"><script>__pwned=1</script>',
      "'><img src=x onerror=alert(1)>",
      '<iframe src=javascript:alert(1)>',
      '<a href=javascript:__pwned=1>x',
    ];
    expect(labels.length).toBeGreaterThanOrEqual(8);
    for (const label of labels) {
      const response = await page.request.post(`/api/link/${ann.user.username}`, {
        data: { linkLabel: label, linkURL: 'https://example.com/' },
      });
      expect([label, response.status()]).toEqual([label, 201]);
    }
    for (const url of URL_PAYLOADS) {
      const response = await page.request.post(`/api/link/${ann.user.username}`, {
        data: { linkLabel: 'Unsafe', linkURL: url },
      });
      expect([url, response.status()]).toEqual([url, 400]);
      expect(((await response.json()) as { errorMessage?: string }).errorMessage).toEqual(expect.any(String));
    }
    await openOwnPage(page);
    const list = page.getByRole('list', { name: 'Links' });
    for (const label of labels) await list.getByText(label, { exact: true }).first().waitFor();
    expect(await list.locator('img, script, iframe, object, embed, svg[onload]').count()).toBe(0);
    const hrefs = await page
      .locator('[href]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*(javascript|vbscript|data:text)/i.test(h))).toEqual([]);
    await page.waitForTimeout(150);
    expect(await pwned(page)).toBe(0);
    expect(ann.dialogs.filter((d) => !d.startsWith('beforeunload'))).toEqual([]);
  });

  it('has no serious or critical axe violation, for the owner and for a visitor', async () => {
    const owner = await visitor(browser(), product().url, { bypassCSP: true });
    await owner.page.goto('/');
    await signInThroughModal(owner.page, ann.user.email, ann.user.password);
    await owner.page.goto(`/link/${ann.user.username}`);
    await owner.page.getByRole('button', { name: 'Add Link' }).waitFor({ timeout: 30_000 });
    // The page itself and its modals (the shell's chrome has tests of its own).
    expect(await seriousViolations(owner.page, '[data-testid="vielink"]')).toEqual([]);
    await owner.page.getByRole('button', { name: 'Add Link' }).click();
    await owner.page.getByRole('dialog', { name: 'Add Link' }).waitFor();
    await settled(owner.page);
    expect(await seriousViolations(owner.page, '.modal')).toEqual([]);
    await owner.page.keyboard.press('Escape');
    await owner.page.getByRole('button', { name: 'Delete Docs' }).click();
    await owner.page.getByRole('dialog').getByText('Are you sure to delete the Link for Docs?').waitFor();
    await settled(owner.page);
    expect(await seriousViolations(owner.page, '.modal')).toEqual([]);
    await owner.context.close();

    const guest = await visitor(browser(), product().url, { bypassCSP: true });
    await guest.page.goto(`/link/${ann.user.username}`);
    await guest.page.getByRole('link', { name: 'Docs' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(guest.page)).toEqual([]);
    await screenshot(guest.page, '62-vielink-xss');
    await guest.context.close();
    expect(ann.pageErrors).toEqual([]);
  });
});
