import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { realtime, type SignedCirrus } from '@vellum/ui';
import { REALTIME_EVENTS } from '@vellum/proto/api';
import { messengerApi, messengerKeys } from '../api/messengerApi';

/**
 * My conversations, newest first, a page at a time; fetched again when a message or a read mark arrives for me
 * and after a lost connection, so the order and the counts are the service's.
 */
export function useConversations(me: SignedCirrus) {
  const queryClient = useQueryClient();
  useEffect(() => {
    realtime.connect(me.i);
    const reload = () => void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });
    const stops = [
      realtime.on(me.i, reload),
      realtime.on(REALTIME_EVENTS.newMessage, reload),
      // An edited or deleted last message shows as it is now.
      realtime.on(REALTIME_EVENTS.changed, reload),
      realtime.onReconnect(reload),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, me.i]);

  const query = useInfiniteQuery({
    queryKey: messengerKeys.conversations(),
    queryFn: ({ pageParam }) => messengerApi.conversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const seen = new Set<string>();
  const conversations = (query.data?.pages ?? [])
    .flatMap((page) => page.conversations)
    .filter((item) => !seen.has(item.conversation) && seen.add(item.conversation));
  return { ...query, conversations };
}
