import type { Caller } from '@vellum/platform';
import type { ConversationView, MessageView, ParticipantView } from '@vellum/proto';
import type { KnownCirrus, StoredConversation, StoredMessage } from '../store/messaging-repository';
import { otherOf } from './conversation';

/**
 * A participant as the messenger shows them. The projection keeps no avatar background (identity's events do not
 * carry it), so `imageBackground` is '' and the client draws its default.
 */
export const participantView = (cirrus: KnownCirrus): ParticipantView => ({
  i: cirrus.id,
  username: cirrus.username,
  displayName: cirrus.displayName || cirrus.username,
  image: cirrus.image,
  imageBackground: '',
});

/**
 * The caller as the projection knows it, else as their assertion says (a read records nothing; a caller who signed
 * in is verified).
 */
export const callerAsCirrus = (caller: Caller, known: KnownCirrus | null): KnownCirrus =>
  known ?? { id: caller.id, username: caller.username, displayName: '', image: '', verified: true };

/** A participant the projection has not heard of (never for a started conversation, whose two were known). */
export const unknownCirrus = (id: string): KnownCirrus => ({
  id,
  username: '',
  displayName: '',
  image: '',
  verified: false,
});

/** A message; `read` when the recipient's mark has reached it. A deleted one has no text. */
export const messageView = (
  message: StoredMessage,
  senderUsername: string,
  recipientMark: string | undefined,
): MessageView => ({
  id: message.id,
  conversation: message.conversation,
  sender: message.sender,
  senderUsername,
  text: message.deletedAt ? '' : message.text,
  sentAt: message.sentAt.toISOString(),
  read: recipientMark !== undefined && recipientMark >= message.key,
  editedAt: message.editedAt?.toISOString() ?? null,
  deleted: message.deletedAt !== null,
});

export interface ConversationFacts {
  conversation: StoredConversation;
  me: KnownCirrus;
  other: KnownCirrus;
  last: StoredMessage | undefined;
  /** The other participant's mark (for `read` of the last message when it is mine), and mine. */
  marks: Map<string, string>;
  unread: number;
}

/** When a conversation last changed: its last message, else its start. */
export const updatedAt = (conversation: StoredConversation, last: StoredMessage | undefined): Date =>
  last?.sentAt ?? conversation.startedAt;

export function conversationView(f: ConversationFacts): ConversationView {
  const usernames = new Map([
    [f.me.id, f.me.username],
    [f.other.id, f.other.username],
  ]);
  return {
    conversation: f.conversation.id,
    otherParticipant: participantView(f.other),
    lastMessage: f.last
      ? messageView(
          f.last,
          usernames.get(f.last.sender) ?? '',
          f.marks.get(otherOf(f.conversation, f.last.sender)),
        )
      : null,
    unread: f.unread,
    updatedAt: updatedAt(f.conversation, f.last).toISOString(),
  };
}
