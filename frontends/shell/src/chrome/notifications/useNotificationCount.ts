import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { realtime } from '@vellum/ui/realtime';
import { REALTIME_EVENTS, type NotificationCount, type NotificationSignal } from '@vellum/proto/api';
import { notificationKeys, notificationsApi } from './notificationsApi';

const countOf = (data: NotificationCount | null | undefined) => {
  const n = data?.unread;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/**
 * The bell's count: read from the server, then kept by the page's socket (`notification:new` carries the count the
 * store gave, and the open list is read again). After a lost connection it is read again: what came meanwhile is in
 * the store. A failure is only logged, and the bell reads 0.
 */
export function useNotificationCount(username: string): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: notificationKeys.count(username),
    queryFn: async () => {
      try {
        return await notificationsApi.unread();
      } catch (error) {
        console.warn('Could not load the notification count', error);
        return null;
      }
    },
  });
  useEffect(() => {
    const stopSignal = realtime.on<NotificationSignal>(REALTIME_EVENTS.notification, (signal) => {
      if (typeof signal?.unread === 'number')
        queryClient.setQueryData(notificationKeys.count(username), signal);
      else void queryClient.invalidateQueries({ queryKey: notificationKeys.count(username) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(username) });
    });
    const stopReconnect = realtime.onReconnect(
      () => void queryClient.invalidateQueries({ queryKey: notificationKeys.count(username) }),
    );
    return () => {
      stopSignal();
      stopReconnect();
    };
  }, [queryClient, username]);
  return countOf(data);
}
