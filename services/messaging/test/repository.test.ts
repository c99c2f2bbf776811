import { randomUUID } from 'node:crypto';
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
  connectMongo,
  createMongoOutboxRelay,
  createParkedEventsIndex,
  mongoParkedEvents,
  type Collection,
  type Document,
} from '@vellum/platform/mongo';
import { createPgDb } from '@vellum/platform/postgres';
import { createPgliteDb } from '@vellum/platform/pglite';
import { describeWithServer, expectParksAndReplays } from '@vellum/platform/test-support';
import { createMessagingService, postgresMessagingRepository } from '../src/service';
import {
  createMongoMessagingService,
  mongoMessagingRepository,
  prepareMessagingCollections,
} from '../src/mongo-service';
import { recordingRealtime } from './support/messaging-harness';
import { repositoryContract, type RepositoryUnderTest } from './support/repository.contract';

const logger = pino({ level: 'silent' });

async function onPostgres(db: Db, close: () => Promise<void>): Promise<RepositoryUnderTest> {
  const service = createMessagingService({
    db,
    logger,
    limiters: memoryLimiters,
    realtime: recordingRealtime().port,
    config: { internalAuthSecret: 'i'.repeat(32) },
  });
  await migrate(db, service.schema, service.migrations);
  return {
    store: postgresMessagingRepository(db),
    relay: (bus) => createOutboxRelay({ db, schema: 'messaging', bus, logger }),
    parked: postgresParkedEvents(db, 'messaging'),
    close,
  };
}

describe('the messaging repository on PGlite (embedded)', () => {
  repositoryContract(async () => {
    const db = await createPgliteDb({});
    return onPostgres(db, () => db.close());
  });
});

describeWithServer('DATABASE_URL', 'the messaging repository on Postgres', (url) => {
  repositoryContract(async () => {
    const db = createPgDb({ connectionString: url, applicationName: 'messaging-contract', logger });
    return onPostgres(db, () => db.close());
  });
});

describeWithServer('MONGO_URL', "the messaging repository on MongoDB's protocol (FerretDB)", (url) => {
  repositoryContract(async () => {
    const mongo = await connectMongo({
      url,
      appName: 'messaging-contract',
      defaultDatabase: 'messaging_contract',
    });
    // A database of its own per run, dropped at the end.
    const database = mongo.client.db(`messaging_contract_${randomUUID().slice(0, 8)}`);
    const collections = await prepareMessagingCollections(database);
    await createParkedEventsIndex(database);
    return {
      store: mongoMessagingRepository(collections),
      parked: mongoParkedEvents(database),
      relay: (bus) =>
        createMongoOutboxRelay({
          collections: [collections.conversations, collections.messages] as unknown as Array<
            Collection<Document>
          >,
          locks: database.collection('outbox_locks'),
          bus,
          logger,
        }),
      async close() {
        await database.dropDatabase();
        await mongo.close();
      },
    };
  });
});

describeWithServer('MONGO_URL', 'the messaging service on MongoDB', (url) => {
  it('parks what its projection keeps failing in its parked_events collection, and can be replayed', async () => {
    const mongo = await connectMongo({ url, appName: 'messaging-parked' });
    const database = mongo.client.db(`messaging_parked_${randomUUID().slice(0, 8)}`);
    const bus = createInProcessBus({ logger });
    try {
      const service = await createMongoMessagingService({
        database,
        bus,
        logger,
        limiters: memoryLimiters,
        realtime: recordingRealtime().port,
        config: { internalAuthSecret: 'i'.repeat(32) },
      });
      await expectParksAndReplays(service, mongoParkedEvents(database));
    } finally {
      await bus.close();
      await database.dropDatabase();
      await mongo.close();
    }
  });
});
