import { Router } from 'express';
import { bodyOf, callerOf, errorShape, paramOf, queryAs, queryOf } from '@vellum/platform';
import {
  editMessageSchema,
  markReadSchema,
  messageSearchQuerySchema,
  messagingMessages,
  messengerPageQuerySchema,
  openConversationSchema,
  presenceQuerySchema,
  presenceSettingsSchema,
  sendMessageSchema,
} from '@vellum/proto';
import type { MessagingContext } from '../context';
import { countUnread } from '../use-cases/count-unread';
import { deleteMessage } from '../use-cases/delete-message';
import { editMessage } from '../use-cases/edit-message';
import { listConversations } from '../use-cases/list-conversations';
import { listMessages } from '../use-cases/list-messages';
import { markRead } from '../use-cases/mark-read';
import { openConversation } from '../use-cases/open-conversation';
import { changePresenceSettings, viewPresenceSettings } from '../use-cases/presence-settings';
import { searchMessages } from '../use-cases/search-messages';
import { sendMessage } from '../use-cases/send-message';
import { signalTyping } from '../use-cases/signal-typing';
import { viewConversation } from '../use-cases/view-conversation';
import { viewPresence } from '../use-cases/view-presence';

// A cursor (and a message id to page around) is read as text and decoded by the use case: a conversation not the
// caller's is 404 before its cursor.
const { limit } = messengerPageQuerySchema.shape;
const search = messageSearchQuerySchema.shape;

/** The messenger's own calls (`/api/messenger/…`) and the spec's unread count; every refusal is `{ errorMessage }`. */
export function messengerRoutes(ctx: MessagingContext): Router {
  const router = Router();
  router.use(['/api/messenger', '/api/unread-messages'], errorShape('errorMessage'));
  const signedIn = (req: Parameters<typeof callerOf>[0]) => callerOf(req, messagingMessages.signIn);

  router.get('/api/unread-messages', async (req, res) => {
    res.json({ unreadMessages: await countUnread(ctx, signedIn(req)) });
  });

  router.get('/api/messenger/conversations', async (req, res) => {
    const caller = signedIn(req);
    const input = { cursor: queryOf(req, 'cursor'), limit: queryAs(req, 'limit', limit) };
    res.json(await listConversations(ctx, caller, input));
  });

  router.post('/api/messenger/conversations', async (req, res) => {
    const caller = signedIn(req);
    const input = bodyOf(req, openConversationSchema);
    const { conversation, created } = await openConversation(ctx, caller, input);
    res.status(created ? 201 : 200).json({ conversation });
  });

  router.get('/api/messenger/conversations/:id', async (req, res) => {
    const caller = signedIn(req);
    res.json({ conversation: await viewConversation(ctx, caller, paramOf(req, 'id')) });
  });

  router.get('/api/messenger/conversations/:id/messages', async (req, res) => {
    const caller = signedIn(req);
    const input = {
      conversation: paramOf(req, 'id'),
      before: queryOf(req, 'before'),
      after: queryOf(req, 'after'),
      around: queryOf(req, 'around'),
      limit: queryAs(req, 'limit', limit),
    };
    res.json(await listMessages(ctx, caller, input));
  });

  router.get('/api/messenger/conversations/:id/search', async (req, res) => {
    const caller = signedIn(req);
    const input = {
      conversation: paramOf(req, 'id'),
      q: queryAs(req, 'q', search.q),
      before: queryOf(req, 'before'),
      limit: queryAs(req, 'limit', search.limit),
    };
    res.json(await searchMessages(ctx, caller, input));
  });

  router.post('/api/messenger/conversations/:id/messages', async (req, res) => {
    const caller = signedIn(req);
    const input = bodyOf(req, sendMessageSchema);
    const message = await sendMessage(ctx, caller, { ...input, conversation: paramOf(req, 'id') });
    res.status(201).json({ message });
  });

  const messageIds = (req: Parameters<typeof paramOf>[0]) => ({
    conversation: paramOf(req, 'id'),
    message: paramOf(req, 'messageId'),
  });

  router.put('/api/messenger/conversations/:id/messages/:messageId', async (req, res) => {
    const caller = signedIn(req);
    const input = bodyOf(req, editMessageSchema);
    res.json({ message: await editMessage(ctx, caller, { ...input, ...messageIds(req) }) });
  });

  router.delete('/api/messenger/conversations/:id/messages/:messageId', async (req, res) => {
    const caller = signedIn(req);
    res.json({ message: await deleteMessage(ctx, caller, messageIds(req)) });
  });

  router.post('/api/messenger/conversations/:id/read', async (req, res) => {
    const caller = signedIn(req);
    const input = bodyOf(req, markReadSchema);
    res.json(await markRead(ctx, caller, { ...input, conversation: paramOf(req, 'id') }));
  });

  router.post('/api/messenger/conversations/:id/typing', async (req, res) => {
    const caller = signedIn(req);
    await signalTyping(ctx, caller, { conversation: paramOf(req, 'id') });
    res.json({});
  });

  router.get('/api/messenger/presence', async (req, res) => {
    const caller = signedIn(req);
    res.json(await viewPresence(ctx, caller, { ids: queryAs(req, 'ids', presenceQuerySchema.shape.ids) }));
  });

  router.get('/api/messenger/presence/settings', async (req, res) => {
    res.json(await viewPresenceSettings(ctx, signedIn(req)));
  });

  router.put('/api/messenger/presence/settings', async (req, res) => {
    const caller = signedIn(req);
    res.json(await changePresenceSettings(ctx, caller, bodyOf(req, presenceSettingsSchema)));
  });

  return router;
}
