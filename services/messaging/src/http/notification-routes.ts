import { Router } from 'express';
import { bodyOf, callerOf, errorShape, queryAs, queryOf } from '@vellum/platform';
import {
  markNotificationsReadSchema,
  messagingMessages,
  notificationPaths,
  notificationsQuerySchema,
} from '@vellum/proto';
import type { MessagingContext } from '../context';
import { clearNotifications } from '../use-cases/clear-notifications';
import { countNotifications } from '../use-cases/count-notifications';
import { listNotifications } from '../use-cases/list-notifications';
import { markNotificationsRead } from '../use-cases/mark-notifications-read';

const { limit } = notificationsQuerySchema.shape;

/** The bell's calls (`/api/messenger/notifications…`): the caller's own only; every refusal is `{ errorMessage }`. */
export function notificationRoutes(ctx: MessagingContext): Router {
  const router = Router();
  router.use(notificationPaths.list, errorShape('errorMessage'));
  const signedIn = (req: Parameters<typeof callerOf>[0]) => callerOf(req, messagingMessages.signIn);

  router.get(notificationPaths.list, async (req, res) => {
    const caller = signedIn(req);
    const input = { before: queryOf(req, 'before'), limit: queryAs(req, 'limit', limit) };
    res.json(await listNotifications(ctx, caller, input));
  });

  router.get(notificationPaths.unread, async (req, res) => {
    res.json(await countNotifications(ctx, signedIn(req)));
  });

  router.post(notificationPaths.read, async (req, res) => {
    const caller = signedIn(req);
    res.json(await markNotificationsRead(ctx, caller, bodyOf(req, markNotificationsReadSchema)));
  });

  router.delete(notificationPaths.list, async (req, res) => {
    res.json(await clearNotifications(ctx, signedIn(req)));
  });

  return router;
}
