import type { Caller } from '@vellum/platform';
import { LINK_CLICK_DAYS, linkMessages } from '@vellum/proto';
import type { LinkContext } from '../context';
import { foundPage, pageOwner } from '../domain/access';
import { dayOf } from '../domain/link-views';
import type { ClickCount, StoredPage } from '../store/link-repository';

/** The owner's click counts of the last LINK_CLICK_DAYS days (UTC), with their page and the day they end on. */
export async function viewClicks(
  ctx: LinkContext,
  caller: Caller,
  { username }: { username: string },
): Promise<{ page: StoredPage; clicks: ClickCount[]; today: Date }> {
  const owner = pageOwner(caller, username, linkMessages.ownerOnlyClicks);
  // A deleted owner (its assertion still valid) or a page removed meanwhile: Not Found, never a null read.
  const page = foundPage(await ctx.pages.ensure(owner));
  const today = ctx.clock();
  const since = dayOf(new Date(today.getTime() - (LINK_CLICK_DAYS - 1) * 86_400_000));
  return { page, clicks: await ctx.pages.clicks(page.ownerId, since), today };
}
