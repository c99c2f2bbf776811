import type { Browser } from 'playwright-core';
import { createVerifiedUser } from './flows';
import { newUser } from './users';
import { signIn, type Person } from './vellums';

/**
 * Ann Lee and Bob Stone, verified and signed in, each in a browser context of their own, and the conversation Ann
 * opened with Bob (its id): the start of every two-person messenger journey.
 */
export async function annAndBobInAConversation(
  browser: Browser,
  baseUrl: string,
): Promise<{ ann: Person; bob: Person; chat: string }> {
  const people = [
    { ...newUser('ann'), firstName: 'Ann', lastName: 'Lee' },
    { ...newUser('bob'), firstName: 'Bob', lastName: 'Stone' },
  ];
  await Promise.all(people.map((user) => createVerifiedUser(baseUrl, user)));
  const [ann, bob] = await Promise.all(people.map((user) => signIn(browser, baseUrl, user)));
  const opened = await ann!.page.request.post('/api/messenger/conversations', {
    data: { username: bob!.user.username },
  });
  if (opened.status() !== 201) throw new Error(`opening the conversation answered ${opened.status()}`);
  const chat = ((await opened.json()) as { conversation: { conversation: string } }).conversation
    .conversation;
  return { ann: ann!, bob: bob!, chat };
}
