import type { SignedInPerson } from '../harness/signed-in-person';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Each person writes to the next in a conversation opened before the drills (messages and read marks need one).
 * Messaging learns of a new person, and of their verified address, from identity's events: until then it answers
 * 404 or 403, so the opening is retried.
 */
export async function withConversations(baseUrl: string, people: SignedInPerson[]) {
  const open = async (me: SignedInPerson, other: SignedInPerson) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${baseUrl}/api/messenger/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: me.cookie, origin: baseUrl },
        body: JSON.stringify({ username: other.username }),
      });
      if (res.status === 200 || res.status === 201)
        return ((await res.json()) as { conversation: { conversation: string } }).conversation.conversation;
      if ((res.status !== 404 && res.status !== 403) || Date.now() > deadline)
        throw new Error(`open conversation: ${res.status} ${await res.text()}`);
      await sleep(250);
    }
  };
  return Promise.all(
    people.map(async (me, i) => {
      const other = people[(i + 1) % people.length]!;
      return { ...me, conversation: await open(me, other), other: other.id };
    }),
  );
}
