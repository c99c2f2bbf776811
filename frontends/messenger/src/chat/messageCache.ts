import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MessagesPage, MessageView } from '@vellum/proto/api';
import { messengerKeys } from '../api/messengerApi';

// The chat's messages live in one infinite query (pages newest first). A sent message and the realtime events
// change it in place, so the chat never reloads for them.

type Pages = InfiniteData<MessagesPage>;

/** The loaded messages, newest first, each once. */
export function newestFirst(data: Pages | undefined): MessageView[] {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((page) => page.messages)
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
}

/**
 * Adds a new message at the newest end, unless it is already there (the sender's answer and its event): of the
 * history, and of the pages around a search's result once they reach the newest (before, newer ones are still to
 * load between, and it comes with them).
 */
export function addMessage(queryClient: QueryClient, conversation: string, message: MessageView): void {
  queryClient.setQueriesData<Pages>({ queryKey: messengerKeys.messages(conversation) }, (data) => {
    if (!data?.pages[0] || typeof data.pages[0].newerCursor === 'string') return data;
    if (newestFirst(data).some((known) => known.id === message.id)) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
  });
}

/**
 * Puts an edited or deleted message in place of the loaded one (nothing when it is not loaded), in the history and
 * in the pages around a search's result (their keys are under the history's).
 */
export function replaceMessage(queryClient: QueryClient, conversation: string, message: MessageView): void {
  queryClient.setQueriesData<Pages>({ queryKey: messengerKeys.messages(conversation) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((known) => (known.id === message.id ? message : known)),
          })),
        }
      : data,
  );
}

/**
 * `reader` read everything up to `upTo`: the messages the other participant sent them, from that one back, are
 * read. False when `upTo` is not loaded (the caller reloads instead).
 */
export function markRead(
  queryClient: QueryClient,
  conversation: string,
  reader: string,
  upTo: string,
): boolean {
  const key = messengerKeys.messages(conversation);
  const data = queryClient.getQueryData<Pages>(key);
  const messages = newestFirst(data);
  const at = messages.findIndex((message) => message.id === upTo);
  if (!data || at < 0) return false;
  const read = new Set(
    messages
      .slice(at)
      .filter((m) => m.sender !== reader && !m.read)
      .map((m) => m.id),
  );
  if (read.size === 0) return true;
  queryClient.setQueryData<Pages>(key, {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((message) => (read.has(message.id) ? { ...message, read: true } : message)),
    })),
  });
  return true;
}
