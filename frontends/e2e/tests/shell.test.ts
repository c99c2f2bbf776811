import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser';
import { freePort } from '../harness/ports';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';

let deadEditorUrl: string;

const { product, browser } = useProductAndBrowser(async () => {
  deadEditorUrl = `http://127.0.0.1:${await freePort()}/mf-manifest.json`;
  return { REMOTE_EDITOR_URL: deadEditorUrl };
});

describe('the shell in the browser', () => {
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    ({ page, pageErrors } = await openPage(browser(), product().url));
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('shows Not Found for an unknown path and for /admin', async () => {
    for (const path of ['/no/such/page', '/admin', '/cirrus/nobody-here']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Not Found' }).waitFor();
      await expect(page.title()).resolves.toBe('Not Found');
    }
    await screenshot(page, '21-not-found');
  });

  it('shows a down remote as an error with Retry inside the page, and the rest keeps working', async () => {
    const config = await (await fetch(`${product().url}/config.json`)).json();
    expect(config).toMatchObject({ version: '24.10.0', remotes: { editor: deadEditorUrl } });

    await page.goto('/vellums');
    const error = page.getByTestId('section-error');
    await error.getByRole('heading', { name: 'Vellums could not be loaded.' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('top-bar').getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, '22-remote-down');

    // Retry asks again (config and remote) and fails again, still inside the page.
    await error.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByTestId('section-error')
      .getByRole('button', { name: 'Retry' })
      .waitFor({ timeout: 30_000 });

    // The rest of the app: the footer's links, another page, the sign-in modal.
    await page.getByTestId('footer').getByRole('link', { name: 'Getting Started' }).click();
    await page.waitForURL('**/vellum/start');
    await expect(page.getByTestId('section-error').count()).resolves.toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the scroll-to-top control after 200 px and scrolls back up', async () => {
    await page.goto('/');
    await page.getByText('Trusted by Professionals').waitFor();
    await expect(page.getByTestId('scroll-to-top').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(300);
    await expect(page.getByTestId('scroll-to-top').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByTestId('scroll-to-top').waitFor();
    await page.getByTestId('scroll-to-top').click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2_000 });
    await page.getByTestId('scroll-to-top').waitFor({ state: 'detached' });
  });

  it('transliterates Latin to Cyrillic and, after Esc, Cyrillic to Latin', async () => {
    await page.goto('/russian');
    const area = page.getByLabel('Text', { exact: true });
    await area.click();
    await page.keyboard.type('Privet, mir');
    await expect(area.inputValue()).resolves.toBe('Привет, мир');
    await screenshot(page, '23-russian');
    const direction = page.locator('#russian-direction');
    await expect(direction.innerText()).resolves.toBe('Latin → Cyrillic');
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => document.querySelector('#russian-direction')?.textContent === 'Cyrillic → Latin',
    );
    await area.fill('');
    await area.click();
    // A Russian keyboard layout: Playwright's keyboard only knows the US one, so the key events go through
    // the DevTools protocol, as the browser would get them from the OS.
    const cdp = await page.context().newCDPSession(page);
    for (const key of 'Щука') {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key });
    }
    await cdp.detach();
    await expect(area.inputValue()).resolves.toBe('Shchuka');
  });

  it('never crashed', () => {
    expect(pageErrors).toEqual([]);
  });
});
