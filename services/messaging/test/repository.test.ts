import pino from 'pino';
import {
  createInProcessBus,
  createOutboxRelay,
  memoryLimiters,
  migrate,
  postgresParkedEvents,
  type Db,
} from '@vellum/platform';
import {
  createMongoOutboxRelay,
  createParkedEventsIndex,
  mongoParkedEvents,
  type Collection,
  type Document,
} from '@vellum/platform-mongo';
import { describeOnEveryStore, describeParkingOnEveryStore } from '@vellum/platform/test-support';
import { createMessagingService, postgresMessagingStore } from '../src/service';
import {
  createMongoMessagingService,
  mongoMessagingStore,
  prepareMessagingCollections,
} from '../src/mongo-service';
import { recordingRealtime } from './support/messaging-harness';
import { repositoryContract, type RepositoryUnderTest } from './support/repository.contract';
import { searchContract } from './support/search.contract';
import { unitWrites } from './support/unit-writes';

const logger = pino({ level: 'silent' });
const config = { internalAuthSecret: 'i'.repeat(32) };

async function migratedService(db: Db) {
  const service = createMessagingService({
    db,
    logger,
    limiters: memoryLimiters,
    realtime: recordingRealtime().port,
    config,
  });
  await migrate(db, service.schema, service.migrations);
  return service;
}

describeOnEveryStore<Omit<RepositoryUnderTest, 'close'>>(
  'the messaging repository',
  {
    async postgres(db) {
      await migratedService(db);
      return {
        ...postgresMessagingStore(db, () => {}),
        relay: (bus) => createOutboxRelay({ db, schema: 'messaging', bus, logger }),
        parked: postgresParkedEvents(db, 'messaging'),
        storedText: async (id) =>
          (await db.query<{ text: string }>('SELECT text FROM messaging.messages WHERE id = $1', [id]))
            .rows[0]?.text ?? null,
      };
    },
    async mongo(database) {
      const collections = await prepareMessagingCollections(database);
      await createParkedEventsIndex(database);
      return {
        ...mongoMessagingStore(collections, () => {}),
        relay: (bus) =>
          createMongoOutboxRelay({
            collections: [collections.conversations, collections.messages] as unknown as Array<
              Collection<Document>
            >,
            locks: database.collection('outbox_locks'),
            bus,
            logger,
          }),
        parked: mongoParkedEvents(database),
        keptMarks: (conversation, reader) => collections.readMarks.countDocuments({ conversation, reader }),
        changesWaitForRelay: true,
        storedText: async (id) => (await collections.messages.findOne({ _id: id }))?.text ?? null,
      };
    },
  },
  repositoryContract,
);

// Postgres' search reads a conversation's newest messages one by one, then asks the GIN index for the older ones:
// with a scan of 3, the contract's searches take both ways.
describeOnEveryStore(
  'the messaging repository searching past its short scan',
  {
    async postgres(db) {
      await migratedService(db);
      return postgresMessagingStore(db, () => {}, { searchScan: 3 });
    },
  },
  (open) => {
    let t: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      t = await open();
    });
    afterAll(() => t.close());
    searchContract(() => ({ store: t.store, writes: unitWrites(t) }));
  },
);

describeParkingOnEveryStore('the messaging service', {
  async postgres(db) {
    const service = await migratedService(db);
    return { service, parked: postgresParkedEvents(db, service.schema) };
  },
  async mongo(database) {
    const service = await createMongoMessagingService({
      database,
      bus: createInProcessBus({ logger }),
      logger,
      limiters: memoryLimiters,
      realtime: recordingRealtime().port,
      config,
    });
    return { service, parked: mongoParkedEvents(database) };
  },
});
