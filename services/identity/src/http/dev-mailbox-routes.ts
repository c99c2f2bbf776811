import { Router } from 'express';
import { isLoopbackPeer } from '@vellum/platform';
import type { DevMailbox } from '../mail/dev-mailbox';

/**
 * Development only: the mail the product would have sent, newest first (`?to=` filters by recipient). It holds
 * password-reset links, so it answers only a client on this machine — judged by the socket's peer, never by a
 * forwarded header — and anyone else gets the same 404 as a path that does not exist.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Router {
  const router = Router();
  router.get('/dev/mailbox', (req, res, next) => {
    if (!isLoopbackPeer(req)) return next();
    const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : undefined;
    res.json({ messages: mailbox.list(to) });
  });
  return router;
}
