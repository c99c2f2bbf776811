import { randomBytes } from 'node:crypto';
import { TestClient } from './http-client';

export interface Account {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

/** A unique, valid sign-up payload (usernames and emails stay within the spec's 32 characters). */
export function newAccount(overrides: Partial<Account> = {}): Account {
  const tag = randomBytes(4).toString('hex');
  return {
    username: `ada.${tag}`,
    email: `ada.${tag}@example.com`,
    first_name: 'Ada',
    last_name: "O'Neil-Lovelace",
    password: 'Correct-Horse-9',
    ...overrides,
  };
}

interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/**
 * The newest link mailed to `email` whose path starts with `pathPrefix`, waiting for it (mail leaves after the
 * answer); with `newerThan`, waits for a newest link other than that one.
 */
export async function mailedLink(
  client: TestClient,
  email: string,
  pathPrefix: string,
  newerThan?: URL,
): Promise<URL> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { body } = await client.get<{ messages: MailboxMessage[] }>(
      `/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const link = body.messages
      ?.flatMap((m) => m.links)
      .find((l) => new URL(l).pathname.startsWith(pathPrefix));
    if (link && new URL(link).href !== newerThan?.href) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a ${pathPrefix} link reached ${email}`);
}

/** The newest message to `email` whose subject matches, waiting for it (mail leaves after the answer). */
export async function mailedMessage(
  client: TestClient,
  email: string,
  subject: RegExp,
): Promise<MailboxMessage & { text: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { body } = await client.get<{ messages: Array<MailboxMessage & { text: string }> }>(
      `/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const message = body.messages?.find((m) => subject.test(m.subject));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a subject like ${subject} reached ${email}`);
}

/** Signs up, follows the mailed verification link, and returns the account (not signed in). */
export async function verifiedAccount(baseUrl: string, overrides: Partial<Account> = {}): Promise<Account> {
  const client = new TestClient(baseUrl);
  const account = newAccount(overrides);
  const created = await client.post('/api/cirrus/create', account);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const link = await mailedLink(client, account.email, '/verification/email/');
  const token = link.pathname.split('/').pop()!;
  const verified = await client.post('/api/verification/email', { email: account.email, token });
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  return account;
}

/** Sets the password of `account` from the reset link mailed to it, as only its mailbox's owner can. */
export async function resetPasswordByMail(baseUrl: string, account: Account): Promise<Account> {
  const client = new TestClient(baseUrl);
  const sent = await client.post('/api/password-reset/send', { email: account.email });
  if (sent.status !== 200) throw new Error(`reset request failed: ${JSON.stringify(sent.body)}`);
  const token = (await mailedLink(client, account.email, '/password-reset')).searchParams.get('token');
  const reset = await client.post('/api/password-reset', { token, password: account.password });
  if (reset.status !== 200) throw new Error(`reset failed: ${JSON.stringify(reset.body)}`);
  return account;
}

/**
 * An admin as the owner of an ADMIN_EMAILS address becomes one: signs up, verifies, and sets the password from a
 * reset link (an admin's first session waits for that). Not signed in.
 */
export const adminAccount = async (baseUrl: string, overrides: Partial<Account>): Promise<Account> =>
  resetPasswordByMail(baseUrl, await verifiedAccount(baseUrl, overrides));

/** Signs `account` in from a browser of its own and returns that browser (its session cookie kept). */
export async function signIn(baseUrl: string, account: Account): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const res = await client.post('/api/signin', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return client;
}

/** A verified, signed-in person: their browser (cookies kept), account and cirrus id. */
export interface SignedIn {
  client: TestClient;
  account: Account;
  id: string;
  username: string;
  displayName: string;
}

/** Signs up a verified account with `firstName`, signs it in and reads its signed cirrus. */
export async function signedIn(baseUrl: string, firstName = 'Ada'): Promise<SignedIn> {
  const account = await verifiedAccount(baseUrl, { first_name: firstName });
  const client = await signIn(baseUrl, account);
  const { body } = await client.get<{ signedCirrus: { i: string; displayName: string } }>('/api/sc');
  return {
    client,
    account,
    id: body.signedCirrus.i,
    username: account.username,
    displayName: body.signedCirrus.displayName,
  };
}
