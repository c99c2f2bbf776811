import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { memoryLimiters, migrate, type Db } from '@vellum/platform';
import { connectMongo, type MongoDatabase } from '@vellum/platform-mongo';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createMessagingService, postgresMessagingStore, type MessagingStore } from '../src/service';
import { mongoMessagingStore, prepareMessagingCollections } from '../src/mongo-service';
import type { MessagingCollections } from '../src/store/mongo-messaging-repository';
import { recordingRealtime } from '../test/support/messaging-harness';

/** The messaging store on a Postgres database, migrated. */
export async function migratedPostgresStore(db: Db): Promise<MessagingStore> {
  const service = createMessagingService({
    db,
    logger: pino({ level: 'silent' }),
    limiters: memoryLimiters,
    realtime: recordingRealtime().port,
    config: { internalAuthSecret: 'b'.repeat(32) },
  });
  await migrate(db, service.schema, service.migrations);
  return postgresMessagingStore(db, () => {});
}

/**
 * Runs a messaging benchmark on each store it runs on, each in a database of its own dropped after: PGlite always,
 * Postgres with DATABASE_URL, MongoDB's protocol (FerretDB) with MONGO_URL unless `mongo` is left out. `bench` names
 * the databases and the connections.
 */
export async function onEveryBenchStore<Row>(
  bench: string,
  run: {
    postgres(name: string, db: Db): Promise<Row[]>;
    mongo?(name: string, store: MessagingStore, collections: MessagingCollections): Promise<Row[]>;
  },
): Promise<Row[]> {
  const rows: Row[] = [];
  const lite = await createPgliteDb({});
  try {
    rows.push(...(await run.postgres('PGlite (embedded)', lite)));
  } finally {
    await lite.close();
  }
  const database = `${bench}_bench_${randomUUID().slice(0, 8)}`;
  if (process.env.DATABASE_URL) {
    const admin = createPgDb({
      connectionString: process.env.DATABASE_URL,
      applicationName: `${bench}-bench`,
    });
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    const db = createPgDb({ connectionString: url.toString(), applicationName: `${bench}-bench` });
    try {
      rows.push(...(await run.postgres('Postgres', db)));
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE ${database}`);
      await admin.close();
    }
  } else {
    console.log('DATABASE_URL is not set: Postgres skipped.');
  }
  if (process.env.MONGO_URL && run.mongo) {
    const mongo = await connectMongo({
      url: process.env.MONGO_URL,
      appName: `${bench}-bench`,
      operationTimeoutMs: 0,
    });
    const db: MongoDatabase = mongo.client.db(database);
    try {
      const collections = await prepareMessagingCollections(db);
      const store = mongoMessagingStore(collections, () => {});
      rows.push(...(await run.mongo("MongoDB's protocol (FerretDB)", store, collections)));
    } finally {
      await db.dropDatabase();
      await mongo.close();
    }
  } else {
    console.log('MONGO_URL is not set (or the benchmark skips it): MongoDB skipped.');
  }
  return rows;
}
