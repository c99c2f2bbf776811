import { Router } from 'express';
import { peoplePageQuerySchema } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followerEntry, followingEntry } from '../domain/people-views';
import { followStore } from '../store/follow-store';
import { viewedCirrus } from './viewed-cirrus';

/**
 * GET /api/cirrus/{username}/followers and /following: public, newest first, one page at a time
 * (`?limit=` up to 500, default 100; `?cursor=` is the previous answer's `nextCursor`, null on the last page).
 */
export function peopleRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/followers', async (req, res) => {
    const page = peoplePageQuerySchema.parse(req.query);
    const cirrus = await viewedCirrus(ctx.db, req.params.username);
    const { people, nextCursor } = await followStore.followers(ctx.db, cirrus.id, page);
    res.json({ followers: people.map(followerEntry), nextCursor });
  });

  router.get('/api/cirrus/:username/following', async (req, res) => {
    const page = peoplePageQuerySchema.parse(req.query);
    const cirrus = await viewedCirrus(ctx.db, req.params.username);
    const { people, nextCursor } = await followStore.following(ctx.db, cirrus.id, page);
    res.json({ followings: people.map(followingEntry), nextCursor });
  });

  return router;
}
