import type { Caller } from '@vellum/platform';
import type { LinkInput } from '@vellum/proto';
import type { LinkContext } from '../context';
import { ownPageWithLink } from '../domain/access';
import { deleteLink as remove, editLink as edit } from '../domain/page';
import type { StoredLink, StoredPage } from '../store/link-repository';
import { changePage } from './change-page';

type Result = { page: StoredPage; link: StoredLink };

/** The owner changes a link's label and URL; the same values again change nothing. */
export async function editLink(
  ctx: LinkContext,
  caller: Caller,
  input: LinkInput & { id: string },
): Promise<Result> {
  const { id } = input;
  const { page } = await changePage(
    ctx,
    async () => ownPageWithLink(caller, await ctx.pages.byLink(id)),
    (p) => edit(p, id, { label: input.linkLabel, url: input.linkURL }),
  );
  return { page, link: page.links.find((l) => l.id === id)! };
}

/** The owner deletes a link; the links after it move up. */
export async function deleteLink(ctx: LinkContext, caller: Caller, { id }: { id: string }): Promise<Result> {
  let deleted: StoredLink | undefined;
  const { page } = await changePage(
    ctx,
    async () => ownPageWithLink(caller, await ctx.pages.byLink(id)),
    (p) => {
      deleted = p.links.find((l) => l.id === id);
      return remove(p, id);
    },
  );
  return { page, link: deleted! };
}
