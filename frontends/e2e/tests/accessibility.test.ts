import type { Page } from 'playwright-core';
import { seriousViolations } from '../harness/axe';
import { openPage } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';

const { product, browser } = useProductAndBrowser();
let page: Page;

beforeAll(async () => {
  // axe-core is injected as an inline script, which the product's CSP rightly refuses.
  ({ page } = await openPage(browser(), product().url, { bypassCSP: true }));
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('on the welcome page', async () => {
    await page.goto('/');
    await page.getByText('Trusted by Professionals').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('in the sign-up modal', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your Vellum account' });
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill('bad name');
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await page.waitForTimeout(400); // the modal's fade-in ends before axe reads colours
    await expect(seriousViolations(page, '.modal')).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('in the sign-in modal, with its error', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill('nobody@example.com');
    await dialog.getByLabel('Password').fill('Wrong-password1');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByText('Incorrect signin credentials.').waitFor();
    await expect(seriousViolations(page, '.modal')).resolves.toEqual([]);
  });
});
