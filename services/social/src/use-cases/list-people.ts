import type { Caller } from '@vellum/platform';
import type { SocialContext } from '../context';
import { foundCirrus } from '../domain/follow-rules';
import { directoryStore } from '../store/directory-store';
import { followStore, type Page, type PeoplePage } from '../store/follow-store';

/**
 * One page, newest first, of the people who follow the public cirrus `username` (`followers`) or whom they follow
 * (`following`): anyone may read it.
 */
export async function listPeople(
  ctx: SocialContext,
  _viewer: Caller | undefined,
  input: { username: string; side: 'followers' | 'following'; page: Page },
): Promise<PeoplePage> {
  const cirrus = foundCirrus(await directoryStore.visible(ctx.db, input.username));
  return followStore[input.side](ctx.db, cirrus.id, input.page);
}
