import { Router } from 'express';
import type { DevMailbox } from '../mail/dev-mailbox';

/** Development only: the mail the product would have sent, newest first (`?to=` filters by recipient). */
export function devMailboxRoutes(mailbox: DevMailbox): Router {
  const router = Router();
  router.get('/dev/mailbox', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : undefined;
    res.json({ messages: mailbox.list(to) });
  });
  return router;
}
