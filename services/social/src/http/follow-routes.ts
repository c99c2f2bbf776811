import { Router, type RequestHandler } from 'express';
import { callerOf, maybeCallerOf, paramOf, type Caller } from '@vellum/platform';
import { socialMessages } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followStatus } from '../domain/people-views';
import type { DirectoryEntry } from '../store/directory-store';
import { follow } from '../use-cases/follow';
import { unfollow } from '../use-cases/unfollow';
import { viewFollowStatus } from '../use-cases/view-follow-status';

type FollowChange = (
  ctx: SocialContext,
  caller: Caller,
  input: { username: string },
) => Promise<{ cirrus: DirectoryEntry; following: boolean }>;

/**
 * GET, POST and DELETE /api/cirrus/{username}/follow. All three answer the follow status the profile page shows:
 * whether the caller follows the cirrus and the cirrus's counts. Following or unfollowing twice is harmless: the
 * second call changes nothing and publishes nothing.
 */
export function followRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/follow', async (req, res) => {
    const { cirrus, following } = await viewFollowStatus(ctx, maybeCallerOf(req), {
      username: paramOf(req, 'username'),
    });
    res.json(followStatus(cirrus, following));
  });

  const change =
    (useCase: FollowChange): RequestHandler =>
    async (req, res) => {
      const caller = callerOf(req, socialMessages.signInToFollow);
      const { cirrus, following } = await useCase(ctx, caller, { username: paramOf(req, 'username') });
      res.json(followStatus(cirrus, following));
    };

  router.post('/api/cirrus/:username/follow', change(follow));
  router.delete('/api/cirrus/:username/follow', change(unfollow));

  return router;
}
