import type { Page } from 'playwright-core';
import { onOrigin, waitForMail } from './mailbox';
import type { newUser } from './users';

type User = ReturnType<typeof newUser>;

/**
 * Signs up through the API and verifies through the mailed link: the setup of tests about something else. The link
 * comes from the dev mailbox unless `mailedLink` fetches it elsewhere (the topology's SMTP server).
 */
export async function createVerifiedUser(
  baseUrl: string,
  user: User,
  mailedLink?: (email: string) => Promise<string>,
): Promise<void> {
  const created = await fetch(`${baseUrl}/api/cirrus/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      password: user.password,
    }),
  });
  if (!created.ok) throw new Error(`Sign-up failed: ${created.status} ${await created.text()}`);
  await verifyByMail(baseUrl, user.email, mailedLink);
}

/** Verifies a signed-up `email` through the link mailed to it (from the dev mailbox unless `mailedLink`). */
export async function verifyByMail(
  baseUrl: string,
  email: string,
  mailedLink: (email: string) => Promise<string> = async (to) =>
    onOrigin((await waitForMail(baseUrl, to, /verify/i)).links[0]!, baseUrl),
): Promise<void> {
  const link = new URL(await mailedLink(email));
  const token = decodeURIComponent(link.pathname.split('/').pop()!);
  const verified = await fetch(`${baseUrl}/api/verification/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, token }),
  });
  if (!verified.ok) throw new Error(`Verification failed: ${verified.status} ${await verified.text()}`);
}

/**
 * Sets `user`'s password from the reset link mailed to them, as only the mailbox's owner can: an admin's first
 * session waits for it (services/identity/README.md).
 */
export async function setPasswordByMail(baseUrl: string, user: User): Promise<void> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/password-reset/send', { email: user.email });
  if (!sent.ok) throw new Error(`Reset request failed: ${sent.status} ${await sent.text()}`);
  const link = new URL((await waitForMail(baseUrl, user.email, /reset/i)).links[0]!);
  const reset = await post('/api/password-reset', {
    token: link.searchParams.get('token'),
    password: user.password,
  });
  if (!reset.ok) throw new Error(`Reset failed: ${reset.status} ${await reset.text()}`);
}

/** Opens the sign-in modal from the top bar and signs in; waits for the reload that follows. */
export async function signInThroughModal(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  // A signed-in page is a new page: a reload, or the vellums list when signing in on '/'. Waiting for that navigation
  // (not only for the menu, which the old page may show first) keeps the caller's next goto from being aborted by it.
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await navigated;
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Signature menu' }).waitFor();
}
