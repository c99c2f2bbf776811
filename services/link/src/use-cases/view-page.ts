import type { Caller } from '@vellum/platform';
import type { LinkContext } from '../context';
import { visiblePage } from '../domain/access';
import type { StoredPage } from '../store/link-repository';

/** The page of `username` (any case) as `caller` may see it: an unverified account's is Not Found but to itself. */
export async function viewPage(
  ctx: LinkContext,
  caller: Caller | undefined,
  { username }: { username: string },
): Promise<StoredPage> {
  return visiblePage(await ctx.pages.byUsername(username), caller?.id);
}
