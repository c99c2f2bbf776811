import { eventMessage, type BusMessage } from '@vellum/platform';
import { publishedThenWritten } from '@vellum/platform/test-support';
import { ConversationStartedSchema, MessageSentSchema, Topics } from '@vellum/proto';
import { conversationStarted, messageSent } from '../../src/events/emit';
import type { MessagingStore } from '../../src/service';
import type { StoredConversation, StoredMessage } from '../../src/store/messaging-repository';

/**
 * The store's writes as a use case makes them, one unit of work each: `events` published, then the write that
 * carries them (the contract states what a write with given events stores).
 */
export function unitWrites({ unitOfWork }: Pick<MessagingStore, 'unitOfWork'>) {
  return {
    startConversation: (conversation: StoredConversation, events: readonly BusMessage[], at: Date) =>
      publishedThenWritten(unitOfWork, events, (unit) => unit.store.startConversation(conversation, at)),
    addMessage: (message: StoredMessage, events: readonly BusMessage[], at: Date) =>
      publishedThenWritten(unitOfWork, events, (unit) => unit.store.addMessage(message, at)),
  };
}

/** `ConversationStarted` as the use case emits it. */
export const startedEvent = (conversation: StoredConversation, other: string): BusMessage =>
  eventMessage('messaging', {
    topic: Topics.messagingMessage,
    aggregateId: conversation.id,
    payloadSchema: ConversationStartedSchema,
    payload: conversationStarted(conversation, other),
    occurredAt: conversation.startedAt,
  });

/** `MessageSent` as the use case emits it. */
export const sentEvent = (message: StoredMessage): BusMessage =>
  eventMessage('messaging', {
    topic: Topics.messagingMessage,
    aggregateId: message.conversation,
    payloadSchema: MessageSentSchema,
    payload: messageSent(message),
    occurredAt: message.sentAt,
  });
