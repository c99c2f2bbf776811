import type { Caller } from '@vellum/platform';
import {
  ACTIVE_DAYS,
  UNAUTHORIZED_ADMIN_ANSWER,
  type AdminAnswer,
  type AdminList,
  type AdminPageQuery,
} from '@vellum/proto';
import type { AnalyticsContext } from '../context';
import { activeSince } from '../domain/admin-rules';
import { adminListStore } from '../store/admin-list-store';
import { authorizeAdmin } from './authorize-admin';
import { listPage } from './list-cirri';

/**
 * GET /api/admin: the spec's answer, each list's first page (in the asked order and filter) with its count and next
 * cursor, for an admin; anyone else, visitors included, `authorized: false` and no rows.
 */
export async function viewAdmin(
  ctx: AnalyticsContext,
  caller: Caller | undefined,
  input: AdminPageQuery,
): Promise<AdminAnswer> {
  if (!(await authorizeAdmin(ctx, caller))) return UNAUTHORIZED_ADMIN_ANSWER;
  const since = activeSince(ctx.clock(), ACTIVE_DAYS);
  const first = (list: AdminList) => listPage(ctx, { ...input, list, activeSince: since });
  const [all, confirmed, active, counts] = await Promise.all([
    first('all'),
    first('confirmed'),
    first('active'),
    adminListStore.counts(ctx.db, { filter: input.filter, activeSince: since }),
  ]);
  return {
    authorized: true,
    allCirri: all.rows,
    confirmedCirri: confirmed.rows,
    activeCirri: active.rows,
    counts,
    nextCursors: { all: all.nextCursor, confirmed: confirmed.nextCursor, active: active.nextCursor },
  };
}
