import { declaredSubscription, whenEvent, type Delivered, type Subscription } from '@vellum/platform';
import {
  ActionRequestedSchema,
  CirrusFollowedSchema,
  ConversationStartedSchema,
  Topics,
  VellumRatedSchema,
} from '@vellum/proto';
import { notificationOf, keptSince, type Happening } from '../domain/notification';
import type { RealtimePort } from '../realtime/realtime-port';
import type { MessagingRepository } from '../store/messaging-repository';

export interface NotificationsProjectionPorts {
  store: MessagingRepository;
  realtime: Pick<RealtimePort, 'notifyNotification'>;
  clock: () => Date;
  park?: Subscription['park'];
}

/**
 * Notifications (group `messaging-notifications`): someone followed a cirrus (social), sent them an action request
 * (action), rated their vellum (vellum) or started a conversation with them (messaging's own event). Each event is
 * stored once by its id; one to oneself, about a deleted account or older than the keeping time is not. A stored one
 * is told to the recipient's tabs with their unread count, read from the store. A replay forgets them and stores
 * them again (the read and cleared marks stay, so what was read or cleared stays so).
 */
export function notificationsProjection({
  store,
  realtime,
  clock,
  park,
}: NotificationsProjectionPorts): Subscription {
  const happened = async (h: Omit<Happening, 'eventId'>, { eventId }: Delivered) => {
    const notification = notificationOf({ ...h, eventId });
    if (!notification) return;
    const since = keptSince(clock());
    if (!(await store.addNotification(notification, since))) return;
    const unread = await store.unreadNotifications(notification.recipient, since);
    realtime.notifyNotification({ to: notification.recipient, signal: { unread } });
  };
  return declaredSubscription({
    group: 'messaging-notifications',
    topics: [Topics.socialFollow, Topics.actionAction, Topics.vellumVellum, Topics.messagingMessage],
    on: [
      whenEvent(CirrusFollowedSchema, (e, d) =>
        happened(
          { kind: 'followed', actor: e.followerId, recipient: e.followeeId, subject: e.followeeId, at: d.at },
          d,
        ),
      ),
      whenEvent(ActionRequestedSchema, (e, d) =>
        happened(
          {
            kind: 'actionRequested',
            actor: e.requesterId,
            recipient: e.ownerId,
            subject: e.actionId,
            at: d.at,
          },
          d,
        ),
      ),
      whenEvent(VellumRatedSchema, (e, d) =>
        happened(
          { kind: 'vellumRated', actor: e.raterId, recipient: e.ownerId, subject: e.vellumId, at: d.at },
          d,
        ),
      ),
      whenEvent(ConversationStartedSchema, (e, d) =>
        happened(
          {
            kind: 'conversationStarted',
            actor: e.startedBy,
            recipient: e.otherParticipant,
            subject: e.conversationId,
            at: d.at,
          },
          d,
        ),
      ),
    ],
    reset: () => store.forgetNotifications(),
    ...(park && { park }),
  });
}
