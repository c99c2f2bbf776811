import type { Caller } from '@vellum/platform';
import type { LinkContext } from '../context';
import { visiblePage } from '../domain/access';
import type { StoredPage } from '../store/link-repository';

/**
 * The page of `username` (any case) as `caller` may see it: an unverified account's is Not Found but to itself. The
 * owner's own is remembered from the call, as each of their changes is, so a person who has just signed up finds
 * their page before identity's events have reached this service.
 */
export async function viewPage(
  ctx: LinkContext,
  caller: Caller | undefined,
  { username }: { username: string },
): Promise<StoredPage> {
  const own = caller && caller.username.toLowerCase() === username.toLowerCase();
  return visiblePage(await (own ? ctx.pages.ensure(caller) : ctx.pages.byUsername(username)), caller?.id);
}
