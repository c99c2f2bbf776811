import { Router, type Request } from 'express';
import { maybeCallerOf, paramOf, queryAs } from '@vellum/platform';
import { peoplePageQuerySchema } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followerEntry, followingEntry } from '../domain/people-views';
import type { Page } from '../store/follow-store';
import { listPeople } from '../use-cases/list-people';

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
    const input = { username: paramOf(req, 'username'), side: 'followers' as const, page: pageOf(req) };
    const { people, nextCursor } = await listPeople(ctx, maybeCallerOf(req), input);
    res.json({ followers: people.map(followerEntry), nextCursor });
  });

  router.get('/api/cirrus/:username/following', async (req, res) => {
    const input = { username: paramOf(req, 'username'), side: 'following' as const, page: pageOf(req) };
    const { people, nextCursor } = await listPeople(ctx, maybeCallerOf(req), input);
    res.json({ followings: people.map(followingEntry), nextCursor });
  });

  return router;
}
