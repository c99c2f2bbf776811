import { Router } from 'express';
import { Unauthenticated } from '@vellum/platform';
import { searchQuerySchema, socialMessages } from '@vellum/proto';
import type { SocialContext } from '../context';
import { searchResult } from '../domain/people-views';
import { searchDirectory } from '../store/search-store';

/** GET /api/search?query=text[&limit=n]: the typeahead of the signed-in search page (spec section 2). */
export function searchRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/search', async (req, res) => {
    if (!req.caller) throw new Unauthenticated(socialMessages.signInToSearch);
    const { query, limit } = searchQuerySchema.parse(req.query);
    const rows = query === '' ? [] : await searchDirectory(ctx.db, query, limit);
    res.json({ results: rows.map(searchResult) });
  });

  return router;
}
