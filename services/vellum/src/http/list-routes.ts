import { Router } from 'express';
import { discoveryQuerySchema, followedVellumsQuerySchema, vellumMessages } from '@vellum/proto';
import { callerOf, paramOf, queryAs, queryOf } from '@vellum/platform';
import type { VellumContext } from '../context';
import { searchTermOf } from '../domain/listing';
import { creatorView, listItemView } from '../domain/views';
import { discoverVellums } from '../use-cases/discover-vellums';
import { listAuthorVellums } from '../use-cases/list-author-vellums';
import { listCreators } from '../use-cases/list-creators';
import { listFollowedVellums } from '../use-cases/list-followed-vellums';
import { listShowcase } from '../use-cases/list-showcase';
import type { PublicListCache } from './public-list-cache';

/** Lists of lean rows (no body), newest edited first. */
export function listRoutes(ctx: VellumContext, publicLists: PublicListCache): Router {
  const router = Router();

  /** An author's vellums (?public=true: the public ones, as everybody sees them; ?search= narrows them). */
  router.get('/api/cirrus/:username/vellums', async (req, res) => {
    const rawSearch = queryOf(req, 'search');
    const vellums = await listAuthorVellums(ctx, req.caller, {
      username: paramOf(req, 'username'),
      publicOnly: queryOf(req, 'public') === 'true',
      search: rawSearch === undefined ? undefined : searchTermOf(rawSearch),
    });
    res.json({ vellums: vellums.map(listItemView) });
  });

  /** Discovery: every public vellum, a page at a time (?cursor= from the previous page's nextCursor). */
  router.get('/api/vellums', async (req, res) => {
    const limit = queryAs(req, 'limit', discoveryQuerySchema.shape.limit);
    // An empty cursor has always meant the first page here.
    const cursor = queryAs(req, 'cursor', discoveryQuerySchema.shape.cursor) || undefined;
    const page = await discoverVellums(ctx, { cursor, limit });
    res.json({ vellums: page.vellums.map(listItemView), nextCursor: page.nextCursor });
  });

  /** The Hall: the newest public vellums of the cirri the caller follows (?limit=, 1 to 50, default 20). */
  router.get('/api/vellums/following', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToFollowVellums);
    const limit = queryAs(req, 'limit', followedVellumsQuerySchema.shape.limit);
    const vellums = await listFollowedVellums(ctx, caller, { limit });
    res.json({ vellums: vellums.map(listItemView) });
  });

  router.get('/api/get-showcase-vellums', async (_req, res) => {
    res.json({
      vellums: await publicLists.get('showcase', async () => (await listShowcase(ctx)).map(listItemView)),
    });
  });

  router.get('/api/get-creators', async (_req, res) => {
    res.json({
      creators: await publicLists.get('creators', async () => (await listCreators(ctx)).map(creatorView)),
    });
  });

  return router;
}
