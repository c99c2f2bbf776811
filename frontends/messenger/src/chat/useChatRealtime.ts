import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtime, type SignedCirrus } from '@vellum/ui';
import { REALTIME_EVENTS, type MessageView, type ReadMarkEvent } from '@vellum/proto/api';
import { messengerKeys } from '../api/messengerApi';
import { addMessage, markRead, replaceMessage } from './messageCache';

/**
 * The open chat in real time: a new message of this conversation is appended, an edited or deleted one replaced, a
 * read mark moves the "Read" of my messages, and after a lost connection the chat is fetched again (what arrived meanwhile is in the store).
 */
export function useChatRealtime(conversation: string, me: SignedCirrus): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Under the shell the socket is already open for this user (a no-op); standalone, this opens it.
    realtime.connect(me.i);
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(conversation) });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.conversation(conversation) });
    };
    const stops = [
      realtime.on<MessageView>(REALTIME_EVENTS.newMessage, (message) => {
        if (message?.conversation !== conversation || typeof message.id !== 'string') return;
        addMessage(queryClient, conversation, message);
      }),
      realtime.on<MessageView>(REALTIME_EVENTS.changed, (message) => {
        if (message?.conversation !== conversation || typeof message.id !== 'string') return;
        replaceMessage(queryClient, conversation, message);
        void queryClient.invalidateQueries({ queryKey: messengerKeys.conversation(conversation) });
      }),
      realtime.on<ReadMarkEvent>(REALTIME_EVENTS.read, (mark) => {
        if (mark?.conversation !== conversation || typeof mark.upTo !== 'string') return;
        if (!markRead(queryClient, conversation, mark.reader, mark.upTo)) reload();
      }),
      realtime.onReconnect(reload),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, conversation, me.i]);
}
