import { NotFound, type Caller } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { MessagingContext } from '../context';
import {
  conversationVellumView,
  participantNamed,
  type ConversationVellumResponse,
} from '../domain/conversation-vellum';
import { unknownCirrus } from '../domain/views';
import { findConversation } from './find-conversation';

/**
 * The vellum of the participant `username` in the conversation: both participants view both, only its owner edits
 * (`authorizedToEdit`); anyone else gets 404.
 */
export async function viewConversationVellum(
  ctx: MessagingContext,
  caller: Caller,
  input: { conversation: string; username: string },
): Promise<ConversationVellumResponse> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const participants = await Promise.all(
    conversation.participants.map(async (id) => (await ctx.store.cirrus(id)) ?? unknownCirrus(id)),
  );
  const owner = participantNamed(participants, input.username);
  const ref = conversation.vellums.find((v) => v.owner === owner.id);
  const vellum = ref && (await ctx.store.vellum(ref.id));
  if (!vellum) throw new NotFound(vellumMessages.notFound);
  return conversationVellumView({ caller, conversation, owner, participants, vellum });
}
