import type { EventBus, Registry, ServiceDefinition } from '@vellum/platform';
import { mongoServiceEvents, type MongoDatabase } from '@vellum/platform-mongo';
import type { LinkPorts } from './context';
import { cirriProjection } from './events/cirri-projection';
import { linkOutboxCollections, mongoLinkStore, prepareLinkCollections } from './store/mongo-link-repository';
import { linkDefinition } from './service';

export { linkOutboxCollections, mongoLinkStore, prepareLinkCollections } from './store/mongo-link-repository';

// Apart from service.ts so that the embedded mode, which runs link on Postgres, never loads the MongoDB driver.

/**
 * The link service on MongoDB (distributed mode): creates its collections' indexes, and runs the relay of the
 * events its page and click documents carry as a worker (started before it serves, stopped while it drains); an
 * event its projection keeps failing is parked in `parked_events`, as on Postgres. No migrations.
 */
export async function createMongoLinkService(
  ports: Omit<LinkPorts, 'wakeOutbox'> & { database: MongoDatabase; bus: EventBus; metrics?: Registry },
): Promise<ServiceDefinition> {
  const collections = await prepareLinkCollections(ports.database);
  const events = await mongoServiceEvents({
    name: 'link',
    ...ports,
    outbox: linkOutboxCollections(collections),
  });
  const store = mongoLinkStore(collections, events.wakeOutbox);
  return linkDefinition({ ...ports, wakeOutbox: events.wakeOutbox }, store, {
    subscriptions: [cirriProjection(store.pages, events.park)],
    workers: [events.relay],
  });
}
