import type { Caller } from '@vellum/platform';
import { ACTIVE_DAYS, type AdminList, type AdminListPage, type AdminPageQuery } from '@vellum/proto';
import type { AnalyticsContext } from '../context';
import { activeSince } from '../domain/admin-rules';
import { adminListStore } from '../store/admin-list-store';
import { authorizeAdmin } from './authorize-admin';
import { listPage } from './list-cirri';

/** What an admin sees first: each list's first page and how many cirri each list holds; nothing for anyone else. */
export type AdminOverview =
  | { authorized: false }
  | {
      authorized: true;
      firstPages: Record<AdminList, Omit<AdminListPage, 'count'>>;
      counts: Record<AdminList, number>;
    };

/**
 * The admin page's first view: each list's first page (in the asked order and filter) and its count, for an admin;
 * anyone else, visitors included, is not authorized (the route presents the spec's answer).
 */
export async function viewAdmin(
  ctx: AnalyticsContext,
  caller: Caller | undefined,
  input: AdminPageQuery,
): Promise<AdminOverview> {
  if (!(await authorizeAdmin(ctx, caller))) return { authorized: false };
  const since = activeSince(ctx.clock(), ACTIVE_DAYS);
  const first = (list: AdminList) => listPage(ctx, { ...input, list, activeSince: since });
  const [all, confirmed, active, counts] = await Promise.all([
    first('all'),
    first('confirmed'),
    first('active'),
    adminListStore.counts(ctx.db, { filter: input.filter, activeSince: since }),
  ]);
  return { authorized: true, firstPages: { all, confirmed, active }, counts };
}
