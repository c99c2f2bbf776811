import type { Caller } from '@vellum/platform';
import type { SocialContext } from '../context';
import { foundCirrus } from '../domain/follow-rules';
import { directoryStore, type DirectoryEntry } from '../store/directory-store';
import { followStore } from '../store/follow-store';

/**
 * The public cirrus `username` with its counts, and whether the viewer follows it (a visitor follows nobody).
 * Unknown and unverified cirri are Not Found.
 */
export async function viewFollowStatus(
  ctx: SocialContext,
  viewer: Caller | undefined,
  input: { username: string },
): Promise<{ cirrus: DirectoryEntry; following: boolean }> {
  const cirrus = foundCirrus(await directoryStore.visible(ctx.db, input.username));
  const following = viewer ? await followStore.isFollowing(ctx.db, viewer.id, cirrus.id) : false;
  return { cirrus, following };
}
