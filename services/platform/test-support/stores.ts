import { randomUUID } from 'node:crypto';
import type { Db } from '@vellum/platform';
import { connectMongo, type MongoDatabase } from '@vellum/platform-mongo';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createPgDb } from '@vellum/platform-postgres';
import { describeWithServer } from './servers';

/** How a suite's subject is built on each kind of store; a store left out is not run. */
export interface StoreAdapters<T> {
  /** On a Postgres database: PGlite (embedded) and the real server. Migrate what it needs. */
  postgres?: (db: Db) => Promise<T>;
  /** On a MongoDB database of its own (FerretDB in the tests), dropped afterwards. */
  mongo?: (database: MongoDatabase) => Promise<T>;
}

/** What `open` gives the suite: the subject, and `close`, which lets go of its store. */
export type OnStore<T> = T & { close(): Promise<void> };

/**
 * One suite (a contract) run on every store a service can be on, the same way for each: PGlite, the Postgres server
 * (DATABASE_URL) and MongoDB's protocol (MONGO_URL, FerretDB). A store whose server is missing is skipped locally
 * and fails under CI (`describeWithServer`). `suite(open)` declares its tests; `open()` builds the subject on a
 * fresh connection (a MongoDB database of its own), `close()` drops what it made.
 */
export function describeOnEveryStore<T>(
  subject: string,
  adapters: StoreAdapters<T>,
  suite: (open: () => Promise<OnStore<T>>) => void,
): void {
  const { postgres, mongo } = adapters;
  if (postgres) {
    describe(`${subject} on PGlite (embedded)`, () => {
      suite(async () => {
        const db = await createPgliteDb({});
        return { ...(await postgres(db)), close: () => db.close() };
      });
    });
    describeWithServer('DATABASE_URL', `${subject} on Postgres`, (url) => {
      suite(async () => {
        const db = createPgDb({ connectionString: url, applicationName: 'store-contract' });
        return { ...(await postgres(db)), close: () => db.close() };
      });
    });
  }
  if (mongo) {
    describeWithServer('MONGO_URL', `${subject} on MongoDB's protocol (FerretDB)`, (url) => {
      suite(async () => {
        const connection = await connectMongo({ url, appName: 'store-contract' });
        const database = connection.client.db(`contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
        return {
          ...(await mongo(database)),
          async close() {
            await database.dropDatabase();
            await connection.close();
          },
        };
      });
    });
  }
}
