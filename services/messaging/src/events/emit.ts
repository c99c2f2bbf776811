import { eventEmitter } from '@vellum/platform';
import {
  timestampFromDate,
  Topics,
  type ConversationStartedSchema,
  type MessageInitShape,
  type MessageSentSchema,
} from '@vellum/proto';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';

/**
 * The service's events on `messaging.message.v1`, emitted into the use case's unit of work, whose write carries them
 * (an outbox row in its transaction on Postgres, fields of the one document it inserts on MongoDB):
 * `emit(unit, conversationId, Schema, payload, at)`, keyed by the conversation so its events stay in order.
 */
export const emit = eventEmitter({ producer: 'messaging', topic: Topics.messagingMessage });

export function conversationStarted(
  conversation: StoredConversation,
  other: string,
): MessageInitShape<typeof ConversationStartedSchema> {
  return {
    conversationId: conversation.id,
    startedBy: conversation.startedBy,
    otherParticipant: other,
    startedAt: timestampFromDate(conversation.startedAt),
  };
}

export function messageSent(message: StoredMessage): MessageInitShape<typeof MessageSentSchema> {
  return {
    messageId: message.id,
    conversationId: message.conversation,
    senderId: message.sender,
    recipientId: message.recipient,
    length: [...message.text].length,
    sentAt: timestampFromDate(message.sentAt),
  };
}
