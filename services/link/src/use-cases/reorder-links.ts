import { NotFound, type Caller } from '@vellum/platform';
import { linkMessages, type ReorderInput } from '@vellum/proto';
import type { LinkContext } from '../context';
import { foundPage } from '../domain/access';
import { reorderLinks as reorder } from '../domain/page';
import type { StoredPage } from '../store/link-repository';
import { changePage } from './change-page';

/**
 * The owner puts their links in a new order. Ids that are not on their page are ignored (a link deleted in another
 * tab); when none is, the request names no link of theirs (404).
 */
export async function reorderLinks(
  ctx: LinkContext,
  caller: Caller,
  input: ReorderInput,
): Promise<StoredPage> {
  const { page } = await changePage(
    ctx,
    async () => foundPage(await ctx.pages.ensure(caller)),
    (p) => {
      const known = new Set(p.links.map((l) => l.id));
      const listed = input.linksToReorder.filter((l) => known.has(l.linkID));
      if (input.linksToReorder.length > 0 && listed.length === 0)
        throw new NotFound(linkMessages.linkNotFound);
      return reorder(p, input.linksToReorder);
    },
  );
  return page;
}
