import { useInfiniteQuery } from '@tanstack/react-query';
import { messengerApi, messengerKeys } from '../api/messengerApi';
import { newestFirst } from './messageCache';

/** The chat's history, newest first, a page at a time (`before` the oldest loaded). */
export function useChatMessages(conversation: string) {
  const query = useInfiniteQuery({
    queryKey: messengerKeys.messages(conversation),
    queryFn: ({ pageParam }) => messengerApi.messages(conversation, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  return { ...query, messages: newestFirst(query.data) };
}
