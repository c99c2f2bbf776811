import { Router, type RequestHandler } from 'express';
import type { Caller, Tx } from '@vellum/platform';
import type { SocialContext } from '../context';
import { checkFollowChange } from '../domain/follow-rules';
import { followStatus } from '../domain/people-views';
import { followEvents } from '../events/follow-events';
import { directoryStore, type DirectoryEntry } from '../store/directory-store';
import { followStore } from '../store/follow-store';
import { viewedCirrus } from './viewed-cirrus';

type Change = 'follow' | 'unfollow';

/** Adds or removes the edge, with its counts and its event; false when there was nothing to change. */
async function applyChange(tx: Tx, kind: Change, caller: Caller, target: DirectoryEntry, at: Date) {
  const edge = { follower: caller, followee: { id: target.id, username: target.username } };
  if (kind === 'follow') {
    await directoryStore.ensureCaller(tx, caller);
    if (!(await followStore.follow(tx, caller.id, target.id, at))) return false;
    await followEvents.followed(tx, edge, at);
  } else {
    if (!(await followStore.unfollow(tx, caller.id, target.id))) return false;
    await followEvents.unfollowed(tx, edge, at);
  }
  await directoryStore.moveCounts(tx, caller.id, target.id, kind === 'follow' ? 1 : -1);
  return true;
}

/**
 * GET, POST and DELETE /api/cirrus/{username}/follow. All three answer the follow status the profile page shows:
 * whether the caller follows the cirrus and the cirrus's counts. Following or unfollowing twice is harmless: the
 * second call changes nothing and publishes nothing.
 */
export function followRoutes(ctx: SocialContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/follow', async (req, res) => {
    const cirrus = await viewedCirrus(ctx.db, req.params.username);
    const following = req.caller ? await followStore.isFollowing(ctx.db, req.caller.id, cirrus.id) : false;
    res.json(followStatus(cirrus, following));
  });

  const change =
    (kind: Change): RequestHandler<{ username: string }> =>
    async (req, res) => {
      const at = ctx.clock();
      const { username } = req.params;
      const { status, changed } = await ctx.db.transaction(async (tx) => {
        const found = await directoryStore.visible(tx, username);
        const { caller, target } = checkFollowChange(req.caller, found, kind);
        const changed = await applyChange(tx, kind, caller, target, at);
        const after = changed ? await viewedCirrus(tx, username) : target;
        return { status: followStatus(after, kind === 'follow'), changed };
      });
      if (changed) ctx.wakeOutbox();
      res.json(status);
    };

  router.post('/api/cirrus/:username/follow', change('follow'));
  router.delete('/api/cirrus/:username/follow', change('unfollow'));

  return router;
}
