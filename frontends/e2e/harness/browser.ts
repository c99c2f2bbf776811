import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { SCREENSHOTS_DIR } from './paths';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package (apt-get install chromium).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that records uncaught errors, so a test can assert the app never crashed. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Clicks `target` once it shows; when it never does, the error names the page's address and what the page said
 * instead (a CI run's log is all one has of a journey that stopped).
 */
export async function clickOrTell(page: Page, target: Locator, timeout: number): Promise<void> {
  try {
    await target.click({ timeout });
  } catch (error) {
    const said = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '(unreadable)');
    throw new Error(
      `${(error as Error).message.split('\n')[0]} at ${page.url()}; the page said: ${said.replace(/\s+/g, ' ').slice(0, 600)}`,
    );
  }
}
