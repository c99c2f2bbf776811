import { Router } from 'express';
import { bodyOf, callerOf, paramOf } from '@vellum/platform';
import { changePasswordSchema, sessionMessages } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { changePassword } from '../use-cases/change-password';
import { endSession } from '../use-cases/end-session';
import { listSessions } from '../use-cases/list-sessions';
import { clearSessionCookie } from './session-routes';

/** The signed-in person's own sessions (listed, one ended) and password change: the profile edit page's calls. */
export function ownSessionRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/api/sessions', async (req, res) => {
    const caller = callerOf(req, sessionMessages.signIn);
    const sessions = await listSessions(ctx, caller);
    res.json({
      sessions: sessions.map((s) => ({
        key: s.key,
        device: s.device,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.current,
      })),
    });
  });

  router.delete('/api/sessions/:key', async (req, res) => {
    const caller = callerOf(req, sessionMessages.signIn);
    const { current } = await endSession(ctx, caller, { key: paramOf(req, 'key') });
    if (current) clearSessionCookie(ctx, res);
    res.json({});
  });

  router.post('/api/password', async (req, res) => {
    const caller = callerOf(req, sessionMessages.signInToChange);
    const input = bodyOf(req, changePasswordSchema);
    res.json(await changePassword(ctx, caller, input));
  });

  return router;
}
