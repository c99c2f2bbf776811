import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SignedCirrus } from '@vellum/ui';
import type { ConversationAnswer, MessageView } from '@vellum/proto/api';
import { messengerApi, messengerKeys } from '../api/messengerApi';
import { markRead } from './messageCache';
import { usePageAttention } from './usePageAttention';

/**
 * Marks the chat read up to the newest message the other participant sent, once it is unread and the page has
 * the person's attention (shown and focused). The counts come from the service's answer: the conversation's,
 * and the top bar's total (the shell's query), never counted here.
 */
export function useMarkRead(conversation: string, messages: MessageView[], me: SignedCirrus): void {
  const queryClient = useQueryClient();
  const attention = usePageAttention();
  const asked = useRef<string | null>(null);
  const newestIncoming = messages.find((message) => message.sender !== me.i);
  const pending = newestIncoming && !newestIncoming.read ? newestIncoming.id : null;

  useEffect(() => {
    if (!pending || !attention || asked.current === pending) return;
    asked.current = pending;
    messengerApi.markRead(conversation, pending).then(
      (answer) => {
        markRead(queryClient, conversation, me.i, pending);
        queryClient.setQueryData<ConversationAnswer>(messengerKeys.conversation(conversation), (data) =>
          data ? { conversation: { ...data.conversation, unread: answer.unread } } : data,
        );
        queryClient.setQueryData([...messengerKeys.unread(), me.username], {
          unreadMessages: answer.unreadMessages,
        });
        void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });
      },
      (error: unknown) => {
        console.warn('Could not mark the conversation read', error);
        asked.current = null;
      },
    );
  }, [pending, attention, conversation, me.i, me.username, queryClient]);
}
