import { Router, type Request, type Response } from 'express';
import {
  discoveryQuerySchema,
  followedVellumsQuerySchema,
  vellumMessages,
  type VellumSearchResponse,
} from '@vellum/proto';
import { callerOf, paramOf, queryAs, queryOf } from '@vellum/platform';
import type { VellumContext } from '../context';
import { searchTermOf } from '../domain/listing';
import { creatorView, listItemView, searchHitView } from '../domain/views';
import { discoverVellums } from '../use-cases/discover-vellums';
import { listAuthorVellums } from '../use-cases/list-author-vellums';
import { listCreators } from '../use-cases/list-creators';
import { listFollowedVellums } from '../use-cases/list-followed-vellums';
import { listShowcase } from '../use-cases/list-showcase';
import { searchVellums, type SearchInput } from '../use-cases/search-vellums';
import type { PublicListCache } from './public-list-cache';

/** `?limit=` and `?cursor=` of a paged list; an empty cursor has always meant the first page here. */
function pageQueryOf(req: Request) {
  return {
    limit: queryAs(req, 'limit', discoveryQuerySchema.shape.limit),
    cursor: queryAs(req, 'cursor', discoveryQuerySchema.shape.cursor) || undefined,
  };
}

/** Lists of lean rows (no body), newest edited first. */
export function listRoutes(ctx: VellumContext, publicLists: PublicListCache): Router {
  const router = Router();

  /** A text search's page (?search=, ?cursor=, ?limit=), in one author's vellums or every public one. */
  const search = async (req: Request, res: Response, search: string, author?: SearchInput['author']) => {
    const { limit, cursor } = pageQueryOf(req);
    const page = await searchVellums(ctx, req.caller, {
      search: searchTermOf(search),
      cursor,
      limit,
      author,
    });
    res.json({
      vellums: page.vellums.map(searchHitView),
      nextCursor: page.nextCursor,
      capped: page.capped,
    } satisfies VellumSearchResponse);
  };

  /**
   * An author's vellums (?public=true: the public ones, as everybody sees them); ?search= searches them instead,
   * best match first and paged.
   */
  router.get('/api/cirrus/:username/vellums', async (req, res) => {
    const author = { username: paramOf(req, 'username'), publicOnly: queryOf(req, 'public') === 'true' };
    const text = queryOf(req, 'search');
    if (text !== undefined) return search(req, res, text, author);
    const vellums = await listAuthorVellums(ctx, req.caller, author);
    res.json({ vellums: vellums.map(listItemView) });
  });

  /**
   * Discovery: every public vellum, a page at a time (?cursor= from the previous page's nextCursor); ?search=
   * searches them instead, best match first.
   */
  router.get('/api/vellums', async (req, res) => {
    const text = queryOf(req, 'search');
    if (text !== undefined) return search(req, res, text);
    const page = await discoverVellums(ctx, pageQueryOf(req));
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
