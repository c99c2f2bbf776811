import { eventMetrics, type EventBus, type Logger, type Registry, type Subscription } from '@vellum/platform';
import type { Collection, Document } from 'mongodb';
import type { MongoDatabase } from './connect';
import { createMongoOutboxRelay, mongoOutboxBacklog, type MongoOutboxRelay } from './outbox';
import { createParkedEventsIndex, mongoParkedCounts, mongoParkedEvents } from './parked';

/** What a service on MongoDB runs for its events, whatever its collections. */
export interface MongoServiceEvents {
  /** The relay of the events its documents carry: a worker of the service. */
  relay: MongoOutboxRelay;
  /** Wakes the relay after a unit of work carried events. */
  wakeOutbox: () => void;
  /** Where its consumers park the events they keep failing on (`parked_events`). */
  park: NonNullable<Subscription['park']>;
}

/**
 * The event plumbing every service on MongoDB has (link's, messaging's): the parked events' index, and a relay of
 * the events that `outbox`'s documents carry, one relay at a time per database (`outbox_locks`); with `metrics`,
 * the same outbox and parked series as a Postgres schema's, labelled with the service's name.
 */
export async function mongoServiceEvents(options: {
  name: string;
  database: MongoDatabase;
  bus: EventBus;
  logger: Logger;
  outbox: Array<Collection<Document>>;
  /** The process's registry: the relay's counts, and the backlog and parked events read at each scrape. */
  metrics?: Registry;
}): Promise<MongoServiceEvents> {
  await createParkedEventsIndex(options.database);
  const events = options.metrics && eventMetrics(options.metrics);
  events?.watchStore({
    name: options.name,
    backlog: () => mongoOutboxBacklog(options.outbox),
    parked: () => mongoParkedCounts(options.database),
  });
  const relay = createMongoOutboxRelay({
    collections: options.outbox,
    locks: options.database.collection('outbox_locks'),
    bus: options.bus,
    logger: options.logger.child({ relay: options.name }),
    observer: events?.relay(options.name),
  });
  return { relay, wakeOutbox: () => relay.wake(), park: mongoParkedEvents(options.database).park };
}
