import { pageOf, type Caller } from '@vellum/platform';
import { ACTIVE_DAYS, type AdminListPage, type AdminListQuery } from '@vellum/proto';
import type { AnalyticsContext } from '../context';
import { activeSince } from '../domain/admin-rules';
import { adminCirrus } from '../domain/admin-views';
import { adminCursor, afterOf, type After } from '../domain/cursor';
import { sortKeys } from '../domain/sort-keys';
import { adminListStore } from '../store/admin-list-store';
import { authorizeAdmin } from './authorize-admin';

/** One page of one admin list and the list's count, for an admin; anyone else is not authorized. */
export async function listCirri(
  ctx: AnalyticsContext,
  caller: Caller | undefined,
  input: AdminListQuery,
): Promise<{ authorized: false } | ({ authorized: true } & AdminListPage)> {
  const after = afterOf(input.sort, input.dir, input.cursor);
  if (!(await authorizeAdmin(ctx, caller))) return { authorized: false };
  const since = activeSince(ctx.clock(), ACTIVE_DAYS);
  const query = { list: input.list, filter: input.filter, activeSince: since };
  const [page, counts] = await Promise.all([
    listPage(ctx, { ...query, sort: input.sort, dir: input.dir, limit: input.limit, after }),
    adminListStore.counts(ctx.db, query),
  ]);
  return { authorized: true, ...page, count: counts[input.list] };
}

/** A page of rows in the asked order and filter, after `after`, and the cursor after it (null on the last page). */
export async function listPage(
  ctx: AnalyticsContext,
  input: Omit<AdminListQuery, 'cursor'> & { activeSince: Date; after?: After },
): Promise<Omit<AdminListPage, 'count'>> {
  const rows = await adminListStore.page(ctx.db, {
    list: input.list,
    filter: input.filter,
    activeSince: input.activeSince,
    key: sortKeys[input.sort],
    dir: input.dir,
    after: input.after,
    limit: input.limit + 1,
  });
  const cursor = adminCursor(input.sort, input.dir);
  const { page, nextCursor } = pageOf(rows, input.limit, (last) =>
    cursor.encode([input.sort, input.dir, last.sort_key, last.id]),
  );
  return { rows: page.map(adminCirrus), nextCursor };
}
