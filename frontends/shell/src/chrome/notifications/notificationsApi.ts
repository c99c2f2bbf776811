import { api } from '@vellum/ui/core';
import { notificationPaths, type NotificationCount, type NotificationsPage } from '@vellum/proto/api';

/** The bell's query keys (with the username): its count, and its list's pages. */
export const notificationKeys = {
  count: (username: string) => ['notifications-unread', username] as const,
  list: (username: string) => ['notifications', username] as const,
};

/** The messaging service's notification calls, as the bell makes them. */
export const notificationsApi = {
  unread: () => api.get<NotificationCount>(notificationPaths.unread),
  page: (before?: string) =>
    api.get<NotificationsPage>(
      before ? `${notificationPaths.list}?before=${encodeURIComponent(before)}` : notificationPaths.list,
    ),
  markRead: (upTo: string) => api.post<NotificationCount>(notificationPaths.read, { upTo }),
  clear: () => api.delete<NotificationCount>(notificationPaths.list),
};
