import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { messageSearchQuerySchema, type MessageSearchHit } from '@vellum/proto/api';
import { useDebounce } from '@vellum/ui';
import { messengerApi, messengerKeys } from '../api/messengerApi';

/** Typing searches after this pause; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search in one conversation as one types: the service's own schema checks the text (blank: no search, and no
 * message; too long: its message), then the messages found, newest first, a page at a time.
 */
export function useConversationSearch(conversation: string) {
  const [text, setText] = useState('');
  // Enter makes the text as typed the search at once; typing on waits for the pause again.
  const [entered, setEntered] = useState<string | null>(null);
  const settled = useDebounce(text, SEARCH_DEBOUNCE_MS);
  const checked = messageSearchQuerySchema.shape.q.safeParse(entered === text ? text : settled);
  const q = checked.success ? checked.data : '';
  const blank = !checked.success && (entered === text ? text : settled).trim() === '';
  const pages = useInfiniteQuery({
    queryKey: messengerKeys.conversationSearch(conversation, q),
    queryFn: ({ pageParam, signal }) => messengerApi.searchConversation(conversation, q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: q !== '',
    staleTime: 0,
  });
  const results: MessageSearchHit[] | null =
    q !== '' && pages.data ? pages.data.pages.flatMap((page) => page.results) : null;
  return {
    text,
    change: (value: string) => {
      setText(value);
      setEntered(null);
    },
    enter: () => setEntered(text),
    /** What is wrong with the text as typed (never for a blank one). */
    invalid: checked.success || blank ? null : (checked.error.issues[0]?.message ?? null),
    /** The messages found so far, or null while there is no search (or its first page is on its way). */
    results,
    searching: q !== '' && pages.isFetching && !pages.isFetchingNextPage,
    error: q !== '' ? pages.error : null,
    hasMore: q !== '' && pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => {
      if (!pages.isFetchingNextPage) void pages.fetchNextPage({ cancelRefetch: false });
    },
  };
}
