import { Binary, ObjectId, type Filter } from 'mongodb';
import type { MongoDatabase } from './connect';
import { storedErrorText, type ParkedEvent, type ParkedEventStore } from '@vellum/platform';

/** The collection of a MongoDB service's parked events (its database is its own, as a schema is in Postgres). */
export const PARKED_EVENTS_COLLECTION = 'parked_events';

interface ParkedDoc {
  /** `<group>/<event id>`: one document per consumer group and event, as Postgres's primary key. */
  _id: string;
  eventId: string;
  group: string;
  topic: string;
  key: string;
  type: string;
  value: Binary;
  error: string;
  attempts: number;
  parkedAt: Date;
  /** Breaks ties between events parked within one millisecond: an ObjectId grows within a process. */
  order: ObjectId;
}

const docId = (group: string, id: string) => `${group}/${id}`;

function toParked(doc: ParkedDoc): ParkedEvent {
  return {
    id: doc.eventId,
    topic: doc.topic,
    key: doc.key,
    type: doc.type,
    value: new Uint8Array(doc.value.buffer),
    group: doc.group,
    error: doc.error,
    attempts: doc.attempts,
    parkedAt: doc.parkedAt,
  };
}

/** The index `list` sorts by; the composition root creates it at start with the service's others. */
export async function createParkedEventsIndex(database: MongoDatabase): Promise<void> {
  await database
    .collection<ParkedDoc>(PARKED_EVENTS_COLLECTION)
    .createIndex({ parkedAt: 1, order: 1 }, { name: 'parked_order' });
}

/**
 * The parked events of a service on MongoDB, in its `parked_events` collection: the same port as Postgres's
 * `postgresParkedEvents`, so its consumers park, and operators list and replay, exactly as on Postgres.
 */
export function mongoParkedEvents(database: MongoDatabase): ParkedEventStore {
  const parked = database.collection<ParkedDoc>(PARKED_EVENTS_COLLECTION);
  return {
    async park({ group, message, error, attempts }) {
      const _id = docId(group, message.id);
      await parked.replaceOne(
        { _id },
        {
          eventId: message.id,
          group,
          topic: message.topic,
          key: message.key,
          type: message.type,
          value: new Binary(message.value),
          error: storedErrorText(error),
          attempts,
          parkedAt: new Date(),
          order: new ObjectId(),
        },
        { upsert: true },
      );
    },
    async list(options = {}) {
      const filter: Filter<ParkedDoc> = {};
      if (options.ids) filter.eventId = { $in: [...options.ids] };
      if (options.group !== undefined) filter.group = options.group;
      const docs = await parked.find(filter).sort({ parkedAt: 1, order: 1 }).toArray();
      return docs.map(toParked);
    },
    async failedAgain(group, id, error) {
      await parked.updateOne({ _id: docId(group, id) }, { $set: { error }, $inc: { attempts: 1 } });
    },
    async remove(group, id) {
      await parked.deleteOne({ _id: docId(group, id) });
    },
  };
}

/** Events parked now, by consumer group (the metrics' `events_parked`). */
export async function mongoParkedCounts(
  database: MongoDatabase,
): Promise<Array<[group: string, count: number]>> {
  const rows = await database
    .collection<ParkedDoc>(PARKED_EVENTS_COLLECTION)
    .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$group', n: { $sum: 1 } } }])
    .toArray();
  return rows.map((row) => [row._id, row.n]);
}
