import { NotFound, RateLimited, type Caller } from '@vellum/platform';
import { LinkClickedSchema, linkMessages } from '@vellum/proto';
import type { LinkContext } from '../context';
import { dayOf } from '../domain/link-views';
import { emit, linkClicked } from '../events/emit';

export interface FollowLink {
  linkId: string;
  /** The client's address (as the gateway found it): the limits are per address, it is never stored. */
  client: string;
  /** A person's navigation (`countsAsClick`); anything else is redirected without counting. */
  navigation: boolean;
}

/**
 * A visitor follows a link of a page, and the answer is the link's STORED URL: nothing of the request ever becomes
 * the destination, so the redirect cannot send anyone anywhere the owner did not put on their page. An address
 * over its redirects a minute is refused (429). A navigation is counted for the link and the UTC day (nothing about
 * the visitor is kept), at most `countedClicksPerMinute` per address and link (beyond: redirected, not counted), and
 * `LinkClicked` is published with it.
 */
export async function followLink(
  ctx: LinkContext,
  _visitor: Caller | undefined,
  input: FollowLink,
): Promise<string> {
  const flood = await ctx.redirectLimiter.consume(input.client);
  if (!flood.allowed) throw new RateLimited(linkMessages.tooManyClicks, flood.retryAfterSeconds);
  const page = await ctx.pages.byLink(input.linkId);
  const link = page?.links.find((l) => l.id === input.linkId);
  if (!page || !link) throw new NotFound(linkMessages.linkNotFound);
  if (input.navigation && (await ctx.clickLimiter.consume(`${input.client}|${link.id}`)).allowed) {
    const at = ctx.clock();
    const click = { ownerId: page.ownerId, linkId: link.id };
    const counted = await ctx.unitOfWork(async (unit) => {
      await emit(unit, click.ownerId, LinkClickedSchema, linkClicked(click, at), at);
      return unit.pages.countClick({ ...click, day: dayOf(at) }, at);
    });
    // The owner deleted since the page was read: nothing is counted, as for a link that is gone.
    if (!counted) throw new NotFound(linkMessages.linkNotFound);
  }
  return link.url;
}
