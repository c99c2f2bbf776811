import { NotFound } from '@vellum/platform';
import { linkMessages } from '@vellum/proto';
import type { LinkContext } from '../context';
import { dayOf } from '../domain/link-views';
import { linkClicked } from '../events/emit';

/**
 * A visitor follows a link of a page: the click is counted for the link and the UTC day (nothing about the visitor
 * is kept) and `LinkClicked` is published with it, and the answer is the link's STORED URL. Nothing of the request ever becomes the destination, so the
 * redirect cannot send anyone anywhere the owner did not put on their page.
 */
export async function followLink(ctx: LinkContext, linkId: string): Promise<string> {
  const page = await ctx.pages.byLink(linkId);
  const link = page?.links.find((l) => l.id === linkId);
  if (!page || !link) throw new NotFound(linkMessages.linkNotFound);
  const at = ctx.clock();
  const click = { ownerId: page.ownerId, linkId: link.id };
  // The owner deleted since the page was read: nothing is counted, as for a link that is gone.
  if (!(await ctx.pages.countClick({ ...click, day: dayOf(at) }, [linkClicked(click, at)], at)))
    throw new NotFound(linkMessages.linkNotFound);
  ctx.wakeOutbox();
  return link.url;
}
