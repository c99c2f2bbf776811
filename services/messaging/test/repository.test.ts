import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createOutboxRelay, memoryLimiters, migrate, type Db } from '@vellum/platform';
import { connectMongo, createMongoOutboxRelay, type Collection, type Document } from '@vellum/platform/mongo';
import { createPgDb } from '@vellum/platform/postgres';
import { createPgliteDb } from '@vellum/platform/pglite';
import { describeWithServer } from '@vellum/platform/test-support';
import { createMessagingService, postgresMessagingRepository } from '../src/service';
import { mongoMessagingRepository, prepareMessagingCollections } from '../src/mongo-service';
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
    return {
      store: mongoMessagingRepository(collections),
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
