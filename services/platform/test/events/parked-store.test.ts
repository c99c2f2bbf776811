import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { inboxMigration } from '../../src/events/inbox';
import { parkedEventsMigrations, postgresParkedEvents } from '../../src/events/parked';
import { connectMongo, type MongoConnection } from '@vellum/platform-mongo';
import { createParkedEventsIndex, mongoParkedEvents } from '@vellum/platform-mongo';
import { describeWithServer } from '@vellum/platform/test-support';
import { describeParkedStore } from './parked-store.contract';

const uniqueSchema = () => `pk_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function postgresStore(db: Db) {
  const schema = uniqueSchema();
  await migrate(db, schema, [inboxMigration(schema), ...parkedEventsMigrations(schema)]);
  return postgresParkedEvents(db, schema);
}

describe('parked events on PGlite', () => {
  describeParkedStore(() => {
    let db: Db | undefined;
    return {
      open: async () => postgresStore((db = await createPgliteDb())),
      close: async () => db?.close(),
    };
  });
});

describeWithServer('DATABASE_URL', 'parked events on Postgres', (url) => {
  describeParkedStore(() => {
    let db: Db | undefined;
    return {
      open: async () => postgresStore((db = createPgDb({ connectionString: url, max: 2 }))),
      close: async () => db?.close(),
    };
  });
});

describeWithServer('MONGO_URL', "parked events on MongoDB's protocol (FerretDB)", (url) => {
  describeParkedStore(() => {
    let mongo: MongoConnection | undefined;
    const name = `parked_${randomUUID().slice(0, 8)}`;
    return {
      open: async () => {
        mongo = await connectMongo({ url, appName: 'parked-contract' });
        const database = mongo.client.db(name);
        await createParkedEventsIndex(database);
        return mongoParkedEvents(database);
      },
      close: async () => {
        await mongo?.client.db(name).dropDatabase();
        await mongo?.close();
      },
    };
  });
});
