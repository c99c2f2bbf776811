import {
  UNAUTHORIZED_ADMIN_ANSWER,
  type AdminAnswer,
  type AdminListAnswer,
  type AdminSeriesAnswer,
} from '@vellum/proto';
import type { listCirri } from '../use-cases/list-cirri';
import type { AdminOverview } from '../use-cases/view-admin';
import type { viewSeries } from '../use-cases/view-series';

// The admin calls' answers as the spec and proto word them: 200 to anyone, `authorized: false` with no rows but to
// an admin.

/** GET /api/admin: the three lists' first pages (the spec's `allCirri`, …), their counts and next cursors. */
export function adminAnswer(overview: AdminOverview): AdminAnswer {
  if (!overview.authorized) return UNAUTHORIZED_ADMIN_ANSWER;
  const { all, confirmed, active } = overview.firstPages;
  return {
    authorized: true,
    allCirri: all.rows,
    confirmedCirri: confirmed.rows,
    activeCirri: active.rows,
    counts: overview.counts,
    nextCursors: { all: all.nextCursor, confirmed: confirmed.nextCursor, active: active.nextCursor },
  };
}

/** GET /api/admin/cirri: one page of one list. */
export const listAnswer = (page: Awaited<ReturnType<typeof listCirri>>): AdminListAnswer =>
  page.authorized ? page : { authorized: false, rows: [], count: 0, nextCursor: null };

/** GET /api/admin/series: the daily counters. */
export const seriesAnswer = (series: Awaited<ReturnType<typeof viewSeries>>): AdminSeriesAnswer =>
  series.authorized ? series : { authorized: false, days: [] };
