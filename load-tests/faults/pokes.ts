import { setTimeout as sleep } from 'node:timers/promises';
import type { SignedInPerson } from '../harness/signed-in-person';

/** Two people of the drill's own, outside k6's ledger: `first` writes to `second` in `conversation`. */
export interface Pokers {
  first: SignedInPerson & { conversation: string };
  second: SignedInPerson;
}

const paragraph = (words: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

/**
 * For each publishing service, one write through the Ingress that always carries an event (the n-th differs from
 * the one before: a new name, a follow after an unfollow, another colour). The drill makes them while it waits for a
 * pod to reach a fault point of its relay, so getting there never depends on k6 happening to pick that service
 * (a follow of someone already followed, for one, changes nothing and publishes nothing).
 */
export function pokesFor(
  baseUrl: string,
  { first, second }: Pokers,
): Record<string, (n: number) => Promise<void>> {
  const send = async (method: string, path: string, body?: unknown) => {
    await fetch(baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', cookie: first.cookie, origin: baseUrl },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  };
  return {
    identity: (n) =>
      send('PUT', `/api/cirrus/${first.username}/profile`, {
        displayName: `Poke ${n}`,
        firstName: 'Poke',
        lastName: 'Person',
        location: '',
        summary: '',
        image: '',
        imageBackground: '',
      }),
    vellum: (n) => send('POST', '/api/vellum-new', { title: `Poke ${n}`, text: paragraph(`poke ${n}`) }),
    social: (n) => send(n % 2 === 0 ? 'POST' : 'DELETE', `/api/cirrus/${second.username}/follow`),
    action: (n) => send('POST', '/api/action', { text: `Poke ${n}`, priority: 'Medium' }),
    link: (n) =>
      send('POST', '/api/link/set-background-color', {
        backgroundColor: n % 2 === 0 ? '#010203' : '#040506',
      }),
    messaging: (n) =>
      send('POST', `/api/messenger/conversations/${first.conversation}/messages`, { text: `p ${n}` }),
  };
}

/**
 * Pokes every `everyMs` until the returned stop is called; a poke that fails (the pod died under it: a 502) or is
 * answered with an error is no matter, the next one follows.
 */
export function keepPoking(poke: (n: number) => Promise<void>, everyMs = 2000): () => void {
  let stopped = false;
  void (async () => {
    for (let n = 0; !stopped; n++) {
      await poke(n).catch(() => {});
      if (!stopped) await sleep(everyMs);
    }
  })();
  return () => {
    stopped = true;
  };
}
