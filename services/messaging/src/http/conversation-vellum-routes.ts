import { Router } from 'express';
import { bodyOf, callerOf, errorShape, paramOf } from '@vellum/platform';
import { messagingMessages, saveVellumSchema } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { vellumFields } from '../domain/conversation-vellum';
import { saveConversationVellum } from '../use-cases/save-conversation-vellum';
import { viewConversationVellum } from '../use-cases/view-conversation-vellum';

/** The spec's conversation vellum calls (section 7); every refusal is `{ errorMessage }`. */
export function conversationVellumRoutes(ctx: MessagingContext): Router {
  const router = Router();
  router.use('/messenger', errorShape('errorMessage'));

  router.get('/messenger/:conversation/vellum/:username', async (req, res) => {
    const caller = callerOf(req, messagingMessages.signIn);
    const input = { conversation: paramOf(req, 'conversation'), username: paramOf(req, 'username') };
    res.json(await viewConversationVellum(ctx, caller, input));
  });

  router.post('/messenger/vellum/:id', async (req, res) => {
    const caller = callerOf(req, messagingMessages.signIn);
    const input = bodyOf(req, saveVellumSchema);
    const saved = await saveConversationVellum(ctx, caller, { ...input, id: paramOf(req, 'id') });
    res.json({ vellum: vellumFields(saved) });
  });

  return router;
}
