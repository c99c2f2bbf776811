import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { realtime } from '@vellum/ui';
import {
  PRESENCE_EVENT,
  PRESENCE_IDS_MAX,
  PRESENCE_REFRESH_S,
  type PresenceAnswer,
  type PresenceEvent,
  type PresenceView,
} from '@vellum/proto/api';
import { messengerKeys, messengerApi } from '../api/messengerApi';

/**
 * The presence of these people as the service shows it to me (online, or last seen), read again every
 * PRESENCE_REFRESH_S and changed at once by `presence:changed`. Empty while I hide mine, for people who hide theirs,
 * and before the first answer; a failed read keeps the last one shown (presence is a hint, never an error).
 */
export function usePresence(ids: readonly string[]): ReadonlyMap<string, PresenceView> {
  const queryClient = useQueryClient();
  // By value: a caller's new array of the same people is the same query and the same listener.
  const joined = [...new Set(ids)].sort().slice(0, PRESENCE_IDS_MAX).join(',');
  const sorted = useMemo(() => (joined ? joined.split(',') : []), [joined]);
  const key = messengerKeys.presence(sorted);
  const answer = useQuery({
    queryKey: key,
    queryFn: () => messengerApi.presence(sorted),
    enabled: sorted.length > 0,
    refetchInterval: PRESENCE_REFRESH_S * 1000,
    staleTime: 5_000,
  });
  useEffect(() => {
    if (sorted.length === 0) return;
    return realtime.on<PresenceEvent>(PRESENCE_EVENT, (event) => {
      if (!event || !sorted.includes(event.i)) return;
      queryClient.setQueryData<PresenceAnswer>(messengerKeys.presence(sorted), (shown) => {
        if (!shown || !shown.visible) return shown;
        const others = shown.presence.filter((p) => p.i !== event.i);
        return { ...shown, presence: event.presence ? [...others, event.presence] : others };
      });
    });
  }, [queryClient, sorted]);
  // A socket back after a loss: what changed meanwhile is read again.
  useEffect(
    () =>
      realtime.onReconnect(() => void queryClient.invalidateQueries({ queryKey: ['messenger-presence'] })),
    [queryClient],
  );
  return useMemo(() => new Map((answer.data?.presence ?? []).map((p) => [p.i, p])), [answer.data]);
}
