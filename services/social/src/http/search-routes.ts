import { Router } from 'express';
import { callerOf, queryAs } from '@vellum/platform';
import { searchQuerySchema, socialMessages } from '@vellum/proto';
import type { SocialContext } from '../context';
import { searchResult } from '../domain/people-views';
import { searchDirectory } from '../store/search-store';

/** GET /api/search?query=text[&limit=n]: the typeahead of the signed-in search page (spec section 2). */
export function searchRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/search', async (req, res) => {
    callerOf(req, socialMessages.signInToSearch);
    const query = queryAs(req, 'query', searchQuerySchema.shape.query);
    const limit = queryAs(req, 'limit', searchQuerySchema.shape.limit);
    const rows = query === '' ? [] : await searchDirectory(ctx.db, query, limit);
    res.json({ results: rows.map(searchResult) });
  });

  return router;
}
