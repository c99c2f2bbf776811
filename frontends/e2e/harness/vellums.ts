import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage } from './browser';
import { createVerifiedUser, signInThroughModal } from './flows';
import { newUser } from './users';

export type User = ReturnType<typeof newUser>;

export interface Person {
  user: User;
  page: Page;
  context: BrowserContext;
  pageErrors: string[];
  /** Dialogs (alert, confirm, prompt) the page opened, by message. */
  dialogs: string[];
  /** The answer to the next prompt (the image URL prompt). */
  answerNextPrompt(value: string): void;
}

/** A verified user signed in through the sign-in modal in a browser context of their own. */
export async function signedInPerson(browser: Browser, baseUrl: string, prefix: string): Promise<Person> {
  const user = newUser(prefix);
  await createVerifiedUser(baseUrl, user);
  return signIn(browser, baseUrl, user);
}

/** `user` signed in in a new browser context (bypassCSP: for axe-core, which injects an inline script). */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  user: User,
  options: { bypassCSP?: boolean } = {},
): Promise<Person> {
  const person = await visitor(browser, baseUrl, options);
  await person.page.goto('/');
  await signInThroughModal(person.page, user.email, user.password);
  return { ...person, user };
}

/** Someone not signed in, in a browser context of their own. */
export async function visitor(
  browser: Browser,
  baseUrl: string,
  options: { bypassCSP?: boolean } = {},
): Promise<Omit<Person, 'user'> & { user?: User }> {
  const { page, pageErrors } = await openPage(browser, baseUrl, options);
  const dialogs: string[] = [];
  const answers: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    // The leave-page prompt of a reload is accepted, a prompt gets its queued answer, anything else is dismissed.
    if (dialog.type() === 'beforeunload') void dialog.accept();
    else if (dialog.type() === 'prompt' && answers.length) void dialog.accept(answers.shift());
    else void dialog.dismiss();
  });
  return {
    page,
    context: page.context(),
    pageErrors,
    dialogs,
    answerNextPrompt: (value: string) => void answers.push(value),
  };
}

/** The parts of a vellum page the tests use. */
export function vellumPage(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  return {
    title: page.getByRole('textbox', { name: 'Title' }),
    body: page.getByRole('textbox', { name: 'Vellum text' }),
    toolbar,
    tool: (name: string) => toolbar.getByRole('button', { name, exact: true }),
    button: (name: string) => page.getByRole('button', { name, exact: true }),
    error: page.getByTestId('vellum-error'),
  };
}

/** Creates a vellum through the new-vellum page and answers its id (the page is then on it). */
export async function createThroughPage(page: Page, title: string, body: string): Promise<string> {
  await page.goto('/new-vellum');
  const { title: titleBox, body: bodyBox } = vellumPage(page);
  await titleBox.fill(title);
  await titleBox.press('Enter');
  await bodyBox.pressSequentially(body);
  await page.keyboard.press('Control+Enter');
  await page.waitForURL(/\/vellum\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}
