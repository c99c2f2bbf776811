import { isDeepStrictEqual } from 'node:util';
import { messengerPaths } from '@vellum/proto';
import type { World } from './world';

/**
 * What the owner (and the follower, for the action the owner asked of them) sees of their own things, read as
 * themselves: a write by anyone else that was refused must leave every read here as it was.
 */
export async function ownersWorld(w: World): Promise<Record<string, unknown>> {
  const owner = w.clients.owner;
  const name = w.values.ownerName;
  const reads: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
    ['signed cirrus', () => owner.get('/api/sc')],
    ['profile', () => owner.get(`/api/cirrus/${name}`)],
    ['vellums', () => owner.get(`/api/cirrus/${name}/vellums`)],
    ['public vellum', () => owner.get(`/api/vellum/${w.values.publicVellum}`)],
    ['private vellum', () => owner.get(`/api/vellum/${w.values.privateVellum}`)],
    ['score', () => owner.get(`/api/vellum/${w.values.publicVellum}/score`)],
    ['actions', () => owner.get(`/api/cirrus/${name}/actions`)],
    ["follower's actions", () => w.clients.follower.get(`/api/cirrus/${w.values.followerName}/actions`)],
    ['link page', () => owner.get(`/api/link/${name}`)],
    ['followers', () => owner.get(`/api/cirrus/${name}/followers`)],
    ['following', () => owner.get(`/api/cirrus/${name}/following`)],
    ['conversations', () => owner.get(messengerPaths.conversations)],
    ['messages', () => owner.get(messengerPaths.messages(w.values.conversation))],
    ['unread', () => owner.get(messengerPaths.unread)],
    [
      'conversation vellum',
      () =>
        owner.get(messengerPaths.conversationVellum(w.values.conversation, name), {
          accept: 'application/json',
        }),
    ],
  ];
  const answers = await Promise.all(reads.map(async ([what, read]) => [what, await read()] as const));
  return Object.fromEntries(answers.map(([what, res]) => [what, { status: res.status, body: res.body }]));
}

/** The reads that differ between two views of the owner's world. */
export const differences = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(before).filter((key) => !isDeepStrictEqual(before[key], after[key]));

/** The owner's world once it stops changing (events of an accepted write still on their way). */
export async function settledWorld(w: World, ms = 3000): Promise<Record<string, unknown>> {
  let last = await ownersWorld(w);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await ownersWorld(w);
    if (differences(last, next).length === 0) return next;
    last = next;
  }
  return last;
}
