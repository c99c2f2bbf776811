import { Router, type Request } from 'express';
import { maybeCallerOf, queryAs } from '@vellum/platform';
import {
  adminListQuerySchema,
  adminPageQuerySchema,
  adminSeriesQuerySchema,
  type AdminListQuery,
  type AdminPageQuery,
} from '@vellum/proto';
import type { AnalyticsContext } from '../context';
import { adminAnswer, listAnswer, seriesAnswer } from './admin-answers';
import { listCirri } from '../use-cases/list-cirri';
import { viewAdmin } from '../use-cases/view-admin';
import { viewSeries } from '../use-cases/view-series';

const page = adminPageQuerySchema.shape;
const list = adminListQuerySchema.shape;

/** `?sort=&dir=&filter=&limit=` of a list. */
const pageQueryOf = (req: Request): AdminPageQuery => ({
  sort: queryAs(req, 'sort', page.sort),
  dir: queryAs(req, 'dir', page.dir),
  filter: queryAs(req, 'filter', page.filter),
  limit: queryAs(req, 'limit', page.limit),
});

const listQueryOf = (req: Request): AdminListQuery => ({
  ...pageQueryOf(req),
  list: queryAs(req, 'list', list.list),
  cursor: queryAs(req, 'cursor', list.cursor),
});

/**
 * The admin page's calls. Each answers 200 to anyone: `authorized: false` with no rows to all but an admin, as the
 * spec's GET /api/admin does.
 * - GET /api/admin: the three lists' first pages, counts and next cursors;
 * - GET /api/admin/cirri?list=all|confirmed|active&cursor=…: one page of one list;
 * - GET /api/admin/series?days=90: the daily counters.
 */
export function adminRoutes(ctx: AnalyticsContext): Router {
  const router = Router();

  router.get('/api/admin', async (req, res) => {
    res.json(adminAnswer(await viewAdmin(ctx, maybeCallerOf(req), pageQueryOf(req))));
  });

  router.get('/api/admin/cirri', async (req, res) => {
    res.json(listAnswer(await listCirri(ctx, maybeCallerOf(req), listQueryOf(req))));
  });

  router.get('/api/admin/series', async (req, res) => {
    const input = { days: queryAs(req, 'days', adminSeriesQuerySchema.shape.days) };
    res.json(seriesAnswer(await viewSeries(ctx, maybeCallerOf(req), input)));
  });

  return router;
}
