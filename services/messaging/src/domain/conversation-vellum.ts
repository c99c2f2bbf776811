import { Forbidden, NotFound, type Caller } from '@vellum/platform';
import { messagingMessages, vellumMessages } from '@vellum/proto';
import type { KnownCirrus, StoredConversation, StoredVellum } from '../store/messaging-repository';

/** GET /messenger/{conversation}/vellum/{username} (spec section 3), fields as the editor remote reads them. */
export interface ConversationVellumResponse {
  vellum: { i: string; title: string; text: string; last_edited: string | null };
  vellumTitle: string;
  /** The caller's counterpart in the conversation. */
  otherParticipant: { username: string; display_name: string; displayName: string; image: string };
  /** The other vellum of the conversation: the one of the participant whose vellum this is not. */
  otherVellum: { conversation: string; username: string };
  authorizedToView: boolean;
  authorizedToEdit: boolean;
}

/** The participant named by `username` (any case); anyone else names no vellum of this conversation. */
export function participantNamed(participants: KnownCirrus[], username: string): KnownCirrus {
  const found = participants.find((p) => p.username.toLowerCase() === username.toLowerCase());
  if (!found) throw new NotFound(messagingMessages.cirrusNotFound);
  return found;
}

/**
 * A vellum the caller may save: only its owner. A participant gets 403; anyone else exactly what a missing vellum
 * answers.
 */
export function ownVellum(
  caller: Caller,
  vellum: StoredVellum | null,
  conversation: StoredConversation | null,
) {
  if (!vellum || !conversation || !conversation.participants.includes(caller.id)) {
    throw new NotFound(vellumMessages.notFound);
  }
  if (vellum.owner !== caller.id) throw new Forbidden(messagingMessages.vellumOwnerOnly);
  return vellum;
}

export const vellumFields = (v: StoredVellum): ConversationVellumResponse['vellum'] => ({
  i: v.id,
  title: v.title,
  text: v.text,
  last_edited: v.lastEdited?.toISOString() ?? null,
});

export function conversationVellumView(input: {
  caller: Caller;
  conversation: StoredConversation;
  owner: KnownCirrus;
  participants: KnownCirrus[];
  vellum: StoredVellum;
}): ConversationVellumResponse {
  const { caller, conversation, owner, participants, vellum } = input;
  const counterpart = participants.find((p) => p.id !== caller.id)!;
  const otherOwner = participants.find((p) => p.id !== owner.id)!;
  return {
    vellum: vellumFields(vellum),
    vellumTitle: vellum.title,
    otherParticipant: {
      username: counterpart.username,
      display_name: counterpart.displayName,
      displayName: counterpart.displayName,
      image: counterpart.image,
    },
    otherVellum: { conversation: conversation.id, username: otherOwner.username },
    authorizedToView: true,
    authorizedToEdit: vellum.owner === caller.id,
  };
}
