import type { EventBus, Registry, ServiceDefinition } from '@vellum/platform';
import {
  mongoServiceEvents,
  type Collection,
  type Document,
  type MongoDatabase,
} from '@vellum/platform-mongo';
import type { MessagingPorts } from './context';
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
  ports: Omit<MessagingPorts, 'wakeOutbox'> & { database: MongoDatabase; bus: EventBus; metrics?: Registry },
): Promise<ServiceDefinition> {
  const collections = await prepareMessagingCollections(ports.database);
  const events = await mongoServiceEvents({
    name: 'messaging',
    ...ports,
    outbox: [collections.conversations, collections.messages] as unknown as Array<Collection<Document>>,
  });
  const stores = mongoMessagingStore(collections, events.wakeOutbox);
  return messagingDefinition({ ...ports, wakeOutbox: events.wakeOutbox }, stores, {
    park: events.park,
    workers: [events.relay],
  });
}
