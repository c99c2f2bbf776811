import type { EventBus, ServiceDefinition } from '@vellum/platform';
import {
  createMongoOutboxRelay,
  createParkedEventsIndex,
  mongoParkedEvents,
  type Collection,
  type Document,
  type MongoDatabase,
} from '@vellum/platform-mongo';
import type { MessagingPorts } from './context';
import { cirriProjection } from './events/cirri-projection';
import { mongoMessagingStore, prepareMessagingCollections } from './store/mongo-messaging-repository';
import { messagingDefinition } from './service';

export { mongoMessagingStore, prepareMessagingCollections } from './store/mongo-messaging-repository';

// Apart from service.ts so that the embedded mode, which runs messaging on Postgres, never loads the MongoDB driver.

/**
 * The messaging service on MongoDB (distributed mode): creates its collections' indexes, and runs the relay of the
 * events its conversation and message documents carry as a worker; an event its projection keeps failing is
 * parked in `parked_events`, as on Postgres. No migrations.
 */
export async function createMongoMessagingService(
  ports: Omit<MessagingPorts, 'wakeOutbox'> & { database: MongoDatabase; bus: EventBus },
): Promise<ServiceDefinition> {
  const collections = await prepareMessagingCollections(ports.database);
  await createParkedEventsIndex(ports.database);
  const relay = createMongoOutboxRelay({
    collections: [collections.conversations, collections.messages] as unknown as Array<Collection<Document>>,
    locks: ports.database.collection('outbox_locks'),
    bus: ports.bus,
    logger: ports.logger.child({ relay: 'messaging' }),
  });
  const wakeOutbox = () => relay.wake();
  const stores = mongoMessagingStore(collections, wakeOutbox);
  return messagingDefinition({ ...ports, wakeOutbox }, stores, {
    subscriptions: [cirriProjection(stores.store, mongoParkedEvents(ports.database).park)],
    workers: [relay],
  });
}
