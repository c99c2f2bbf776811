import { pageOf, type Caller } from '@vellum/platform';
import type { SocialContext } from '../context';
import { foundCirrus } from '../domain/follow-rules';
import { peopleCursor } from '../domain/people-cursor';
import { directoryStore } from '../store/directory-store';
import { followStore, type PersonRow } from '../store/follow-store';

export interface PeoplePage {
  people: PersonRow[];
  nextCursor: string | null;
}

/**
 * One page, newest first, of the people who follow the public cirrus `username` (`followers`) or whom they follow
 * (`following`), after `cursor` (the previous page's `nextCursor`): anyone may read it.
 */
export async function listPeople(
  ctx: SocialContext,
  _viewer: Caller | undefined,
  input: { username: string; side: 'followers' | 'following'; limit: number; cursor?: string },
): Promise<PeoplePage> {
  const [before] = peopleCursor.decode(input.cursor) ?? [];
  const cirrus = foundCirrus(await directoryStore.visible(ctx.db, input.username));
  const rows = await followStore[input.side](ctx.db, cirrus.id, { before, limit: input.limit + 1 });
  const { page, nextCursor } = pageOf(rows, input.limit, (last) => peopleCursor.encode([last.seq]));
  return { people: page, nextCursor };
}
