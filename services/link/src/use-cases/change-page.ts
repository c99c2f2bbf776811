import type { LinkContext } from '../context';
import { busy, CHANGE_ATTEMPTS, type Changed, type PageChange } from '../domain/page';
import { LinkPageChangedSchema } from '@vellum/proto';
import { emit, pageChanged } from '../events/emit';
import type { StoredPage } from '../store/link-repository';

/**
 * Every change of a page: read it, apply the rule (`change`, a pure function of `domain/page.ts`), and store the
 * whole result with its event only if nobody changed the page meanwhile (one unit of work: one atomic write with a
 * version check).
 * When another tab won, read again and apply again, so each change lands on the latest page. A change that
 * changes nothing writes and publishes nothing.
 */
export async function changePage(
  ctx: LinkContext,
  load: () => Promise<StoredPage>,
  change: (page: StoredPage) => Changed,
): Promise<{ page: StoredPage; change: PageChange | null }> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const page = await load();
    const changed = change(page);
    if (!changed) return { page, change: null };
    const at = ctx.clock();
    const stored = await ctx.unitOfWork(async (unit) => {
      const payload = pageChanged(changed.page, changed.change, at);
      await emit(unit, changed.page.ownerId, LinkPageChangedSchema, payload, at);
      return unit.pages.replace(changed.page, page.version, at);
    });
    if (stored) return changed;
  }
  return busy();
}
