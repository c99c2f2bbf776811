import { Router } from 'express';
import { callerOf, queryAs } from '@vellum/platform';
import { searchQuerySchema, socialMessages } from '@vellum/proto';
import type { SocialContext } from '../context';
import { searchResult } from '../domain/people-views';
import { searchPeople } from '../use-cases/search-people';

/** GET /api/search?query=text[&limit=n]: the typeahead of the signed-in search page (spec section 2). */
export function searchRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/search', async (req, res) => {
    const caller = callerOf(req, socialMessages.signInToSearch);
    const query = queryAs(req, 'query', searchQuerySchema.shape.query);
    const limit = queryAs(req, 'limit', searchQuerySchema.shape.limit);
    const rows = await searchPeople(ctx, caller, { query, limit });
    res.json({ results: rows.map(searchResult) });
  });

  return router;
}
