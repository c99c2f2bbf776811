import { Forbidden, Invalid, NotFound, type Caller } from '@vellum/platform';
import { isUuid, messagingMessages } from '@vellum/proto';
import type { KnownCirrus, StoredConversation } from '../store/messaging-repository';

/** The one key of a pair, whichever of the two starts: their ids sorted and joined. */
export const pairKeyOf = (a: string, b: string): string => [a, b].sort().join(':');

/** An id from the path; anything that cannot be one names nothing (404 with `message`). */
export function idOf(value: string, message: string): string {
  if (!isUuid(value)) throw new NotFound(message);
  return value.toLowerCase();
}

/** Only verified cirri message; one the projection has not heard of is a signed-in (so verified) caller. */
export function mayMessage(caller: KnownCirrus): void {
  if (!caller.verified) throw new Forbidden(messagingMessages.verifyFirst);
}

/** Whom the caller may start a conversation with: a verified cirrus other than themselves. */
export function recipientFor(caller: Caller, recipient: KnownCirrus | null): KnownCirrus {
  if (!recipient || !recipient.verified) throw new NotFound(messagingMessages.cirrusNotFound);
  if (recipient.id === caller.id) throw new Invalid(messagingMessages.notYourself);
  return recipient;
}

/**
 * The conversation, when the caller takes part in it. Anyone else gets exactly what a missing one answers, so
 * nothing of it (not even that it exists) leaks.
 */
export function ownConversation(caller: Caller, conversation: StoredConversation | null): StoredConversation {
  if (!conversation || !conversation.participants.includes(caller.id)) {
    throw new NotFound(messagingMessages.conversationNotFound);
  }
  return conversation;
}

/** The participant who is not `me`. */
export const otherOf = (conversation: StoredConversation, me: string): string =>
  conversation.participants[0] === me ? conversation.participants[1] : conversation.participants[0];
