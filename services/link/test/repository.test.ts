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
} from '@vellum/platform/mongo';
import { createPgDb } from '@vellum/platform/postgres';
import { createPgliteDb } from '@vellum/platform/pglite';
import { describeWithServer, expectParksAndReplays } from '@vellum/platform/test-support';
import { createLinkService, postgresLinkRepository } from '../src/service';
import {
  createMongoLinkService,
  linkOutboxCollections,
  mongoLinkRepository,
  prepareLinkCollections,
} from '../src/mongo-service';
import { repositoryContract, type RepositoryUnderTest } from './support/repository.contract';

const logger = pino({ level: 'silent' });

async function onPostgres(db: Db, close: () => Promise<void>): Promise<RepositoryUnderTest> {
  const service = createLinkService({
    db,
    logger,
    limiters: memoryLimiters,
    config: { internalAuthSecret: 'i'.repeat(32) },
  });
  await migrate(db, service.schema, service.migrations);
  return {
    pages: postgresLinkRepository(db),
    relay: (bus) => createOutboxRelay({ db, schema: 'link', bus, logger }),
    parked: postgresParkedEvents(db, 'link'),
    clickRecords: async (ownerId) =>
      Number(
        (
          await db.query<{ n: number }>('SELECT count(*) AS n FROM link.clicks WHERE owner_id = $1', [
            ownerId,
          ])
        ).rows[0]!.n,
      ),
    close,
  };
}

describe('the link repository on PGlite (embedded)', () => {
  repositoryContract(async () => {
    const db = await createPgliteDb({});
    return onPostgres(db, () => db.close());
  });
});

describeWithServer('DATABASE_URL', 'the link repository on Postgres', (url) => {
  repositoryContract(async () => {
    const db = createPgDb({ connectionString: url, applicationName: 'link-contract', logger });
    return onPostgres(db, () => db.close());
  });
});

describeWithServer('MONGO_URL', "the link repository on MongoDB's protocol (FerretDB)", (url) => {
  repositoryContract(async () => {
    const mongo = await connectMongo({ url, appName: 'link-contract', defaultDatabase: 'link_contract' });
    // A database of its own per run, dropped at the end.
    const database = mongo.client.db(`link_contract_${randomUUID().slice(0, 8)}`);
    const collections = await prepareLinkCollections(database);
    await createParkedEventsIndex(database);
    return {
      pages: mongoLinkRepository(collections),
      parked: mongoParkedEvents(database),
      relay: (bus) =>
        createMongoOutboxRelay({
          collections: linkOutboxCollections(collections),
          locks: database.collection('outbox_locks'),
          bus,
          logger,
        }),
      clickRecords: (ownerId) => collections.clicks.countDocuments({ ownerId }),
      async close() {
        await database.dropDatabase();
        await mongo.close();
      },
    };
  });
});

describeWithServer(
  'MONGO_URL',
  'the MongoDB adapter finds the newest version whatever its hints say',
  (url) => {
    it('with the head behind, missing, or pointing at a pruned version', async () => {
      const mongo = await connectMongo({ url, appName: 'link-heads' });
      const database = mongo.client.db(`link_heads_${randomUUID().slice(0, 8)}`);
      try {
        const collections = await prepareLinkCollections(database);
        const pages = mongoLinkRepository(collections);
        const owner = { id: randomUUID(), username: 'heads' };
        let page = (await pages.ensure(owner))!;
        for (let v = 1; v <= 6; v++) {
          const next = {
            ...page,
            links: [{ id: randomUUID(), label: `v${v}`, url: 'https://x.io', position: 0 }],
            version: v,
          };
          expect(await pages.replace(next, v - 1, [], new Date())).toBe(true);
          page = next;
        }
        // Versions 1 to 3 are pruned (two older ones are kept).
        expect(await collections.versions.countDocuments({ ownerId: owner.id })).toBe(3);
        // Behind (a lost head write), or at a version pruned since.
        for (const head of [5, 4, 2]) {
          await collections.heads.updateOne({ _id: owner.id }, { $set: { version: head } });
          expect(await pages.byOwner(owner.id)).toEqual(page);
        }
        expect(await pages.byLink(page.links[0]!.id)).toEqual(page);
        // No head at all (the first writes' head updates lost): found from version 1 on.
        const young = (await pages.ensure({ id: randomUUID(), username: 'young' }))!;
        const a = { id: randomUUID(), label: 'a', url: 'https://x.io', position: 0 };
        const v1 = { ...young, links: [a], version: 1 };
        const v2 = { ...v1, links: [a, { ...a, id: randomUUID(), position: 1 }], version: 2 };
        expect(await pages.replace(v1, 0, [], new Date())).toBe(true);
        expect(await pages.replace(v2, 1, [], new Date())).toBe(true);
        await collections.heads.deleteOne({ _id: young.ownerId });
        expect(await pages.byOwner(young.ownerId)).toEqual(v2);
      } finally {
        await database.dropDatabase();
        await mongo.close();
      }
    });
  },
);

describeWithServer('MONGO_URL', 'the link service on MongoDB', (url) => {
  it('parks what its projection keeps failing in its parked_events collection, and can be replayed', async () => {
    const mongo = await connectMongo({ url, appName: 'link-parked' });
    const database = mongo.client.db(`link_parked_${randomUUID().slice(0, 8)}`);
    const bus = createInProcessBus({ logger });
    try {
      const service = await createMongoLinkService({
        database,
        bus,
        logger,
        limiters: memoryLimiters,
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
