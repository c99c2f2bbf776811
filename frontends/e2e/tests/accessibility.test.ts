import type { Page } from 'playwright-core';
import { seriousViolations } from '../harness/axe';
import { openPage } from '../harness/browser';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';

const { product, browser } = useProductAndBrowser();
let page: Page;
/** The viewport the other checks run in (openPage's). */
const DESKTOP = { width: 1280, height: 800 };

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

  it('on the welcome page on a phone’s screen, where the footer’s links wrap (their targets 24 px at least)', async () => {
    await page.setViewportSize({ width: 412, height: 823 });
    try {
      await page.goto('/');
      await page.getByText('Trusted by Professionals').waitFor();
      await expect(seriousViolations(page)).resolves.toEqual([]);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
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

describe('the API reference page (/api/reference)', () => {
  it('renders every operation of the OpenAPI document under the product’s own CSP, with no error', async () => {
    const { page: reference, pageErrors } = await openPage(browser(), product().url);
    const refused: string[] = [];
    reference.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const document = (await (await fetch(`${product().url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    await reference.goto('/api/reference');
    await reference
      .getByRole('heading', { name: /Vellum/ })
      .first()
      .waitFor();
    // Swagger UI lists every operation (collapsed) with its id; each must be there.
    await reference.locator('.opblock').first().waitFor();
    const shown = await reference.locator('.opblock-summary-operation-id').allInnerTexts();
    expect(new Set(shown.map((s) => s.trim()))).toEqual(new Set(ids));
    expect(ids.length).toBeGreaterThan(60);
    // Swagger UI warns in the page of what it cannot read in the document (a dialect, a broken reference).
    await expect(reference.locator('.version-pragma, .errors-wrapper').count()).resolves.toBe(0);
    // One operation opens with its parameters and answers.
    await reference.locator('.opblock-summary', { hasText: 'signIn' }).first().click();
    await reference.getByText('Signed in: the session cookie is set.').waitFor();
    expect(pageErrors).toEqual([]);
    expect(refused.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
    await reference.context().close();
  });
});
