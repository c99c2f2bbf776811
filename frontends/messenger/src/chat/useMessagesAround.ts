import { useInfiniteQuery } from '@tanstack/react-query';
import { messengerApi, messengerKeys } from '../api/messengerApi';
import { newestFirst } from './messageCache';

type PageParam = { around: string } | { before: string } | { after: string };

/**
 * The chat opened on a search's result: the page around the message, then older pages (`fetchNextPage`, as the
 * history's) and newer ones (`fetchPreviousPage`) up to the newest. Null `messageId`: nothing to read.
 */
export function useMessagesAround(conversation: string, messageId: string | null) {
  const query = useInfiniteQuery({
    queryKey: messengerKeys.around(conversation, messageId ?? ''),
    queryFn: ({ pageParam }) =>
      'around' in pageParam
        ? messengerApi.messagesAround(conversation, pageParam.around)
        : 'after' in pageParam
          ? messengerApi.messagesAfter(conversation, pageParam.after)
          : messengerApi.messages(conversation, pageParam.before),
    initialPageParam: { around: messageId ?? '' } as PageParam,
    getNextPageParam: (last): PageParam | undefined =>
      last.nextCursor ? { before: last.nextCursor } : undefined,
    getPreviousPageParam: (first): PageParam | undefined =>
      first.newerCursor ? { after: first.newerCursor } : undefined,
    enabled: messageId !== null,
    staleTime: 0,
  });
  return { ...query, messages: newestFirst(query.data) };
}
