import { z } from 'zod';
import { answerSchema, requestBody, textField } from './fields';
import { pageCursorField, pageLimitField } from './paging';

// Notifications (issue 29): what others did that concerns a person, learned by the messaging service from the
// events social, action, vellum and messaging publish, shown by the bell in the shell's top bar.

/** Days a notification is kept (and shown): older ones are never answered and are swept from the store. */
export const NOTIFICATION_KEEP_DAYS = 90;
/** A page of notifications: the default and the most a client may ask for. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

/** What happened: someone followed me, sent me an action request, rated my vellum, started a conversation with me. */
export const NOTIFICATION_KINDS = [
  'followed',
  'actionRequested',
  'vellumRated',
  'conversationStarted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationMessages = {
  upToRequired: 'Say which notification was the newest seen.',
  notFound: 'This notification does not exist.',
  empty: 'No notifications yet.',
  loadFailed: 'Your notifications could not be loaded. Please try again.',
  /** What each kind says after the person's name. */
  what: {
    followed: 'followed you',
    actionRequested: 'sent you an action request',
    vellumRated: 'rated your vellum',
    conversationStarted: 'started a conversation with you',
  } satisfies Record<NotificationKind, string>,
} as const;

/** GET /api/messenger/notifications?before=&limit=: `before` is the previous page's `nextCursor`. */
export const notificationsQuerySchema = z.object({
  limit: pageLimitField(NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX),
  before: pageCursorField,
});

/** POST /api/messenger/notifications/read: every notification up to and including this one (its id) is read. */
export const markNotificationsReadSchema = requestBody({
  upTo: textField('upTo', notificationMessages.upToRequired, { trim: true }),
});
export type MarkNotificationsReadInput = z.output<typeof markNotificationsReadSchema>;

/** One notification as the bell's list shows it; who is named as they are now (a rename shows the new name). */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  actor: { username: string; displayName: string };
  /** ISO time it happened. */
  at: string;
  read: boolean;
  /** The path of what it is about: the follower's page, my action list, the rated vellum, the conversation. */
  target: string;
}

/** GET /api/messenger/notifications: newest first, with my unread count. */
export interface NotificationsPage {
  notifications: NotificationView[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: string | null;
  unread: number;
}

/** GET /api/messenger/notifications/unread, POST …/read and DELETE …/notifications: my unread count after. */
export interface NotificationCount {
  unread: number;
}

/** The socket event `notification:new` (REALTIME_EVENTS.notification), to the recipient's tabs: the count to show. */
export type NotificationSignal = NotificationCount;

export const notificationViewSchema = answerSchema<NotificationView>()(
  z.object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    actor: z.object({ username: z.string(), displayName: z.string() }),
    at: z.string(),
    read: z.boolean(),
    target: z.string(),
  }),
);
export const notificationsPageSchema = answerSchema<NotificationsPage>()(
  z.object({
    notifications: z.array(notificationViewSchema),
    nextCursor: z.string().nullable(),
    unread: z.number().int(),
  }),
);
export const notificationCountSchema = answerSchema<NotificationCount>()(
  z.object({ unread: z.number().int() }),
);

/** The API paths, for the service, the gateway's table and the client. */
export const notificationPaths = {
  /** GET lists, DELETE clears all. */
  list: '/api/messenger/notifications',
  unread: '/api/messenger/notifications/unread',
  read: '/api/messenger/notifications/read',
} as const;
