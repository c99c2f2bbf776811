import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@vellum/proto/api';
import { messengerApi, messengerKeys } from '../api/messengerApi';
import { replaceMessage } from './messageCache';

export interface MessageChanges {
  edit(message: MessageView, text: string): Promise<void>;
  remove(message: MessageView): Promise<void>;
}

/** Editing and deleting my messages: the answer replaces the message shown, and the list's last message follows. */
export function useMessageChanges(conversation: string): MessageChanges {
  const queryClient = useQueryClient();
  const shown = (message: MessageView) => {
    replaceMessage(queryClient, conversation, message);
    void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });
  };
  return {
    edit: async (message, text) => shown((await messengerApi.edit(conversation, message.id, text)).message),
    remove: async (message) => shown((await messengerApi.remove(conversation, message.id)).message),
  };
}
