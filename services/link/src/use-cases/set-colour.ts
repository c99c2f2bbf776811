import type { Caller } from '@vellum/platform';
import type { LinkColorName } from '@vellum/proto';
import type { LinkContext } from '../context';
import { foundPage } from '../domain/access';
import { setColour as set } from '../domain/page';
import { changePage } from './change-page';

/** The owner sets one of their page's colours. */
export async function setColour(
  ctx: LinkContext,
  caller: Caller,
  { name, colour }: { name: LinkColorName; colour: string },
): Promise<string> {
  const { page } = await changePage(
    ctx,
    async () => foundPage(await ctx.pages.ensure(caller)),
    (p) => set(p, name, colour),
  );
  return page.colors[name];
}
