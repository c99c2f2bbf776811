import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser';
import { createVerifiedUser, signInThroughModal } from '../harness/flows';
import { onOrigin, waitForMail } from '../harness/mailbox';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { newUser } from '../harness/users';

const { product, browser } = useProductAndBrowser();

describe('password reset in the browser', () => {
  const user = newUser('reset');
  const newPassword = 'Fresh-Password42';
  let page: Page;
  let pageErrors: string[];
  let resetLink: string;

  beforeAll(async () => {
    await createVerifiedUser(product().url, user);
    ({ page, pageErrors } = await openPage(browser(), product().url));
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('asks for the email and answers the same whether it is registered or not', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('link', { name: 'Reset your password' })
      .click();
    await page.waitForURL('**/password-reset');
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await expect(page.title()).resolves.toBe('Password Reset');

    const send = page.getByRole('button', { name: 'Send Password Reset Link' });
    await page.getByLabel('Email').fill('nobody');
    await page
      .getByText("Make sure your email is in the proper email format like 'name@example.com'.")
      .waitFor();
    await expect(send.isDisabled()).resolves.toBe(true);

    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await send.click();
    await page
      .getByTestId('reset-requested')
      .filter({
        hasText: `If ${user.email} is registered, you should receive a password reset link shortly.`,
      })
      .waitFor();
    await screenshot(page, '11-reset-requested');
    resetLink = onOrigin((await waitForMail(product().url, user.email, /reset/i)).links[0]!, product().url);
  });

  it('checks the new password rules, changes the password and offers Sign In', async () => {
    await page.goto(resetLink);
    const password = page.getByLabel('New Password', { exact: true });
    const retype = page.getByLabel('Retype New Password');
    const reset = page.getByRole('button', { name: 'Reset Password' });
    await password.fill('short');
    await page.getByText('Password must have at most 60 characters and at least 8 characters.').waitFor();
    await password.fill('x'.repeat(61));
    await page.getByText('Password must have at most 60 characters and at least 8 characters.').waitFor();
    await password.fill(newPassword);
    await retype.fill(`${newPassword}!`);
    await page.getByText('Passwords must match.', { exact: true }).waitFor();
    await expect(reset.isDisabled()).resolves.toBe(true);
    await screenshot(page, '12-reset-form');
    await retype.fill(newPassword);
    await reset.click();
    await page
      .getByTestId('reset-done')
      .filter({ hasText: 'The password has been successfully changed.' })
      .waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/hall');
    await page.getByRole('button', { name: 'Signature menu' }).waitFor();
  });

  it('refuses the used link with the Discover Vellums link', async () => {
    await page.goto(resetLink);
    await page
      .getByTestId('reset-invalid')
      .filter({ hasText: 'This password reset link is invalid.' })
      .waitFor();
    await expect(
      page.getByRole('link', { name: 'Discover Vellums' }).first().getAttribute('href'),
    ).resolves.toBe('/vellums');
    await screenshot(page, '13-reset-invalid');
  });

  it('the old password no longer works, the new one does', async () => {
    const context = await browser().newContext({ baseURL: product().url });
    const fresh = await context.newPage();
    fresh.setDefaultTimeout(10_000);
    await fresh.goto('/');
    await fresh.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = fresh.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByText('Incorrect signin credentials.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await signInThroughModal(fresh, user.email, newPassword);
    await context.close();
  });

  it('never crashed', () => {
    expect(pageErrors).toEqual([]);
  });
});
