import { Router, type Request } from 'express';
import { paramOf, queryAs } from '@vellum/platform';
import { peoplePageQuerySchema } from '@vellum/proto';
import type { SocialContext } from '../context';
import { foundCirrus } from '../domain/follow-rules';
import { followerEntry, followingEntry } from '../domain/people-views';
import { directoryStore } from '../store/directory-store';
import { followStore, type Page } from '../store/follow-store';

const { limit, cursor } = peoplePageQuerySchema.shape;

/** `?limit=` and `?cursor=` of a page of people. */
const pageOf = (req: Request): Page => ({
  limit: queryAs(req, 'limit', limit),
  cursor: queryAs(req, 'cursor', cursor),
});

/**
 * GET /api/cirrus/{username}/followers and /following: public, newest first, one page at a time
 * (`?limit=` up to 500, default 100; `?cursor=` is the previous answer's `nextCursor`, null on the last page).
 */
export function peopleRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/followers', async (req, res) => {
    const page = pageOf(req);
    const cirrus = foundCirrus(await directoryStore.visible(ctx.db, paramOf(req, 'username')));
    const { people, nextCursor } = await followStore.followers(ctx.db, cirrus.id, page);
    res.json({ followers: people.map(followerEntry), nextCursor });
  });

  router.get('/api/cirrus/:username/following', async (req, res) => {
    const page = pageOf(req);
    const cirrus = foundCirrus(await directoryStore.visible(ctx.db, paramOf(req, 'username')));
    const { people, nextCursor } = await followStore.following(ctx.db, cirrus.id, page);
    res.json({ followings: people.map(followingEntry), nextCursor });
  });

  return router;
}
