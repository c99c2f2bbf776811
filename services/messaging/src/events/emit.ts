import { eventMessage, type BusMessage } from '@vellum/platform';
import { ConversationStartedSchema, MessageSentSchema, timestampFromDate, Topics } from '@vellum/proto';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';

// The service's events on `messaging.message.v1`, keyed by the conversation (one conversation's events stay in
// order). The repository stores each with its write: in the outbox table (Postgres) or on the document (MongoDB).

export function conversationStarted(conversation: StoredConversation, other: string): BusMessage {
  return eventMessage('messaging', {
    topic: Topics.messagingMessage,
    aggregateId: conversation.id,
    payloadSchema: ConversationStartedSchema,
    payload: {
      conversationId: conversation.id,
      startedBy: conversation.startedBy,
      otherParticipant: other,
      startedAt: timestampFromDate(conversation.startedAt),
    },
    occurredAt: conversation.startedAt,
  });
}

export function messageSent(message: StoredMessage): BusMessage {
  return eventMessage('messaging', {
    topic: Topics.messagingMessage,
    aggregateId: message.conversation,
    payloadSchema: MessageSentSchema,
    payload: {
      messageId: message.id,
      conversationId: message.conversation,
      senderId: message.sender,
      recipientId: message.recipient,
      length: [...message.text].length,
      sentAt: timestampFromDate(message.sentAt),
    },
    occurredAt: message.sentAt,
  });
}
