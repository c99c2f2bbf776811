import { Router, type Request } from 'express';
import { maybeCallerOf, paramOf, queryAs } from '@vellum/platform';
import { peoplePageQuerySchema } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followerEntry, followingEntry } from '../domain/people-views';
import { listPeople } from '../use-cases/list-people';

const { limit, cursor } = peoplePageQuerySchema.shape;

/** The cirrus, `?limit=` and `?cursor=` of a page of people. */
const inputOf = (req: Request, side: 'followers' | 'following') => ({
  username: paramOf(req, 'username'),
  side,
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
    const { people, nextCursor } = await listPeople(ctx, maybeCallerOf(req), inputOf(req, 'followers'));
    res.json({ followers: people.map(followerEntry), nextCursor });
  });

  router.get('/api/cirrus/:username/following', async (req, res) => {
    const { people, nextCursor } = await listPeople(ctx, maybeCallerOf(req), inputOf(req, 'following'));
    res.json({ followings: people.map(followingEntry), nextCursor });
  });

  return router;
}
