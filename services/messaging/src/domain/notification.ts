import { NOTIFICATION_KEEP_DAYS, UUID_PATTERN, type NotificationKind } from '@vellum/proto';
import type { StoredNotification } from '../store/messaging-repository';
import { keyOf } from './cursor';

/** What an event says happened to whom: the raw ids as the event carries them. */
export interface Happening {
  eventId: string;
  kind: NotificationKind;
  actor: string;
  recipient: string;
  subject: string;
  at: Date;
}

const isId = (text: string) => UUID_PATTERN.test(text);

/**
 * The notification an event makes, or null: none to oneself, and none from an event whose ids are not ids (an
 * event is trusted no more than a request). Ids are kept in lower case, as the stores compare them.
 */
export function notificationOf(h: Happening): StoredNotification | null {
  const [id, actor, recipient, subject] = [h.eventId, h.actor, h.recipient, h.subject].map((s) =>
    s.toLowerCase(),
  ) as [string, string, string, string];
  if (![id, actor, recipient, subject].every(isId) || Number.isNaN(h.at.getTime())) return null;
  if (actor === recipient) return null;
  return { id, kind: h.kind, actor, recipient, subject, at: h.at, key: keyOf(h.at, id) };
}

/** The oldest moment a notification shown or kept at `now` may have happened. */
export const keptSince = (now: Date): Date => new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * 86_400_000);

/** The page a notification links to: who followed, my action list, the rated vellum, the conversation. */
export function targetOf(
  n: Pick<StoredNotification, 'kind' | 'subject'>,
  actorUsername: string,
  recipientUsername: string,
): string {
  switch (n.kind) {
    case 'followed':
      return `/cirrus/${encodeURIComponent(actorUsername)}`;
    case 'actionRequested':
      return `/cirrus/${encodeURIComponent(recipientUsername)}/actions`;
    case 'vellumRated':
      return `/vellum/${encodeURIComponent(n.subject)}`;
    case 'conversationStarted':
      return `/messenger/${encodeURIComponent(n.subject)}`;
  }
}
