import { api } from '@vellum/ui';
import {
  messageSearchQuerySchema,
  messengerPaths,
  presencePaths,
  type ConversationAnswer,
  type PresenceAnswer,
  type ConversationsPage,
  type MessageSearchPage,
  type MessagesPage,
  type ReadAnswer,
  type SearchResult,
  type SentMessage,
} from '@vellum/proto/api';

export type { SearchResult };

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The messenger's calls (services/messaging, contract in proto/src/api/messaging.ts), with their exact paths. */
export const messengerApi = {
  /** Mine, newest first; `cursor` from the previous page. */
  conversations: (cursor?: string | null) =>
    api.get<ConversationsPage>(messengerPaths.conversations + query({ cursor })),
  /** Opens the conversation with `username`, starting it when there is none. */
  open: (username: string) => api.post<ConversationAnswer>(messengerPaths.conversations, { username }),
  conversation: (id: string) => api.get<ConversationAnswer>(messengerPaths.conversation(id)),
  /** Newest first; `before` from the previous page. */
  messages: (id: string, before?: string | null) =>
    api.get<MessagesPage>(messengerPaths.messages(id) + query({ before })),
  /** The page around one message (a search's result), with `nextCursor` (older) and `newerCursor`. */
  messagesAround: (id: string, messageId: string) =>
    api.get<MessagesPage>(messengerPaths.messages(id) + query({ around: messageId })),
  /** The page just newer than `after` (a page's `newerCursor`). */
  messagesAfter: (id: string, after: string) =>
    api.get<MessagesPage>(messengerPaths.messages(id) + query({ after })),
  /**
   * The conversation's messages whose words match `q`, newest first; `before` from the previous page. `q` is checked
   * by the service's own schema first: a blank or too long search is refused here with its message.
   */
  searchConversation: (id: string, q: string, before?: string | null, signal?: AbortSignal) =>
    api.get<MessageSearchPage>(messengerPaths.search(id) + query({ q: searchTextOf(q), before }), { signal }),
  send: (id: string, text: string) => api.post<SentMessage>(messengerPaths.messages(id), { text }),
  /** My message's new text (within 15 minutes of sending it). */
  edit: (id: string, messageId: string, text: string) =>
    api.put<SentMessage>(messengerPaths.message(id, messageId), { text }),
  /** Deletes my message: its text is gone for both. */
  remove: (id: string, messageId: string) => api.delete<SentMessage>(messengerPaths.message(id, messageId)),
  markRead: (id: string, upTo: string) => api.post<ReadAnswer>(messengerPaths.read(id), { upTo }),
  /** I am typing: the other participant's tabs are told (at most once a second, or 429). */
  typing: (id: string) => api.post<Record<string, never>>(messengerPaths.typing(id), {}),
  /** Online or last seen, for those of `ids` I have a conversation with and who show it. */
  presence: (ids: readonly string[]) => api.get<PresenceAnswer>(presencePaths.presence(ids)),
  search: (text: string, signal?: AbortSignal) =>
    api.get<{ results: SearchResult[] }>(`/api/search${query({ query: text })}`, { signal }),
};

/** A search as the service takes it (trimmed), or the schema's message for one it would refuse. */
export function searchTextOf(q: string): string {
  const checked = messageSearchQuerySchema.shape.q.safeParse(q);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'This search cannot be made.');
  return checked.data;
}

/** The query keys; `unread` is the shell's top-bar badge (frontends/shell/src/chrome/useChromeCounts.ts). */
export const messengerKeys = {
  conversations: () => ['messenger-conversations'] as const,
  conversation: (id: string) => ['messenger-conversation', id] as const,
  messages: (id: string) => ['messenger-messages', id] as const,
  /** Under `messages(id)`: a change of a message (edited, deleted) reaches these pages too. */
  around: (id: string, messageId: string) => ['messenger-messages', id, 'around', messageId] as const,
  conversationSearch: (id: string, q: string) => ['messenger-conversation-search', id, q] as const,
  search: (text: string) => ['messenger-search', text] as const,
  unread: () => ['unread-messages'] as const,
  /** The presence of these people (sorted ids), as one page shows them. */
  presence: (ids: readonly string[]) => ['messenger-presence', ...ids] as const,
};
