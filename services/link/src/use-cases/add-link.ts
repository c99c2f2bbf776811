import { randomUUID } from 'node:crypto';
import type { Caller } from '@vellum/platform';
import type { LinkInput } from '@vellum/proto';
import type { LinkContext } from '../context';
import { foundPage, pageOwner } from '../domain/access';
import { addLink as add } from '../domain/page';
import type { StoredLink, StoredPage } from '../store/link-repository';
import { changePage } from './change-page';

/** The owner adds a link at the end of their page. */
export async function addLink(
  ctx: LinkContext,
  caller: Caller,
  input: LinkInput & { username: string },
): Promise<{ page: StoredPage; link: StoredLink }> {
  const owner = pageOwner(caller, input.username);
  const id = randomUUID();
  const { page } = await changePage(
    ctx,
    async () => foundPage(await ctx.pages.ensure(owner)),
    (p) => add(p, { id, label: input.linkLabel, url: input.linkURL }),
  );
  return { page, link: page.links.find((l) => l.id === id)! };
}
