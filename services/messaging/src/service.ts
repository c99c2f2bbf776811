import {
  defineService,
  withContextDefaults,
  type ServiceSpec,
  postgresParkedEvents,
  type Db,
  type ServiceDefinition,
  type Subscription,
} from '@vellum/platform';
import { CONVERSATIONS_PER_HOUR, MESSAGES_PER_MINUTE, TYPING_NOTICE_INTERVAL_S } from '@vellum/proto';
import type { MessagingContext, MessagingPorts } from './context';
import { cirriProjection } from './events/cirri-projection';
import { endedSessions } from './events/ended-sessions';
import { notificationsProjection } from './events/notifications-projection';
import { conversationVellumRoutes } from './http/conversation-vellum-routes';
import { messengerRoutes } from './http/messenger-routes';
import { notificationRoutes } from './http/notification-routes';
import type { MessagingStore } from './store/messaging-repository';
import { migrations, SCHEMA } from './store/migrations';
import { tellPresence } from './use-cases/tell-presence';
import { postgresMessagingStore } from './store/postgres-messaging-repository';
import { notificationSweep } from './workers/notification-sweep';

export type { MessagingPorts, MessagingConfig } from './context';
export type {
  MessagingRepository,
  MessagingStore,
  MessagingUnit,
  MessagingWrites,
} from './store/messaging-repository';
export type {
  RealtimePort,
  MessageNotice,
  ReadNotice,
  TypingNotice,
  ChangeNotice,
  NotificationNotice,
  PresenceNotice,
} from './realtime/realtime-port';
export {
  sessionRoom,
  socketRealtime,
  userRoom,
  type Authenticate,
  type SocketRealtime,
} from './realtime/socket-realtime';
export { postgresMessagingRepository, postgresMessagingStore } from './store/postgres-messaging-repository';

/**
 * The routes, the realtime hook, the projections and the notification sweep over a store: the same for both kinds.
 * `park` is where the store keeps the events its projections keep failing.
 */
export function messagingDefinition(
  ports: MessagingPorts,
  { store, unitOfWork }: MessagingStore,
  stored: Pick<ServiceSpec, 'migrations' | 'workers'> & { park: Subscription['park'] },
): ServiceDefinition {
  const ctx: MessagingContext = {
    ...withContextDefaults(ports),
    store,
    unitOfWork,
    // Built once: memory limiters built twice for one prefix would not share counts.
    sendLimiter: ports.limiters({
      keyPrefix: 'messaging-send',
      points: MESSAGES_PER_MINUTE,
      durationSeconds: 60,
    }),
    startLimiter: ports.limiters({
      keyPrefix: 'messaging-start',
      points: CONVERSATIONS_PER_HOUR,
      durationSeconds: 3600,
    }),
    typingLimiter: ports.limiters({
      keyPrefix: 'messaging-typing',
      points: 1,
      durationSeconds: TYPING_NOTICE_INTERVAL_S,
    }),
  };
  const attach = ports.realtime.attach;
  ports.realtime.onPresenceChange?.((id) => tellPresence(ctx, id));
  return defineService({
    name: 'messaging',
    schema: SCHEMA,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [messengerRoutes(ctx), notificationRoutes(ctx), conversationVellumRoutes(ctx)],
    ...(stored.migrations && { migrations: stored.migrations }),
    subscriptions: [
      cirriProjection(store, stored.park),
      notificationsProjection({ store, realtime: ports.realtime, clock: ctx.clock, park: stored.park }),
      // Both stores: the sockets of sessions identity ended go, whatever the store.
      endedSessions(ports.realtime),
    ],
    workers: [
      ...(stored.workers ?? []),
      notificationSweep(store, { clock: ctx.clock, logger: ports.logger }),
    ],
    // A conversation vellum is the same document as any vellum: up to 512 KB of JSON, sent as a JSON string.
    bodyLimit: '2mb',
    ...(attach && { attachServer: (server) => attach(server) }),
  });
}

/**
 * The messaging service on Postgres (the embedded mode's PGlite, or a real server): schema `messaging`, its outbox
 * and inbox tables; the composition root migrates it and runs its outbox relay like every other service's.
 */
export function createMessagingService(ports: MessagingPorts & { db: Db }): ServiceDefinition {
  const ctx = withContextDefaults(ports);
  const stores = postgresMessagingStore(ports.db, ctx.wakeOutbox);
  return messagingDefinition(ctx, stores, { migrations, park: postgresParkedEvents(ports.db, SCHEMA).park });
}
