import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  createInProcessBus,
  createOutboxRelay,
  memoryLimiters,
  migrate,
  postgresParkedEvents,
} from '@vellum/platform';
import {
  connectMongo,
  createMongoOutboxRelay,
  createParkedEventsIndex,
  mongoParkedEvents,
} from '@vellum/platform-mongo';
import {
  describeOnEveryStore,
  describeWithServer,
  describeParkingOnEveryStore,
} from '@vellum/platform/test-support';
import { createLinkService, postgresLinkStore } from '../src/service';
import {
  createMongoLinkService,
  linkOutboxCollections,
  mongoLinkStore,
  prepareLinkCollections,
} from '../src/mongo-service';
import { repositoryContract, type RepositoryUnderTest } from './support/repository.contract';
import { unitWrites } from './support/unit-writes';

const logger = pino({ level: 'silent' });

const config = { internalAuthSecret: 'i'.repeat(32) };

describeOnEveryStore<Omit<RepositoryUnderTest, 'close'>>(
  'the link repository',
  {
    async postgres(db) {
      const service = createLinkService({ db, logger, limiters: memoryLimiters, config });
      await migrate(db, service.schema, service.migrations);
      const store = postgresLinkStore(db, () => {});
      return {
        ...store,
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
      };
    },
    async mongo(database) {
      const collections = await prepareLinkCollections(database);
      await createParkedEventsIndex(database);
      return {
        ...mongoLinkStore(collections, () => {}),
        relay: (bus) =>
          createMongoOutboxRelay({
            collections: linkOutboxCollections(collections),
            locks: database.collection('outbox_locks'),
            bus,
            logger,
          }),
        parked: mongoParkedEvents(database),
        clickRecords: (ownerId) => collections.clicks.countDocuments({ ownerId }),
      };
    },
  },
  repositoryContract,
);

describeParkingOnEveryStore('the link service', {
  async postgres(db) {
    const service = createLinkService({ db, logger, limiters: memoryLimiters, config });
    await migrate(db, service.schema, service.migrations);
    return { service, parked: postgresParkedEvents(db, service.schema) };
  },
  async mongo(database) {
    const bus = createInProcessBus({ logger });
    const service = await createMongoLinkService({
      database,
      bus,
      logger,
      limiters: memoryLimiters,
      config,
    });
    return { service, parked: mongoParkedEvents(database) };
  },
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
        const store = mongoLinkStore(collections, () => {});
        const { pages } = store;
        const writes = unitWrites(store);
        const owner = { id: randomUUID(), username: 'heads' };
        let page = (await pages.ensure(owner))!;
        for (let v = 1; v <= 6; v++) {
          const next = {
            ...page,
            links: [{ id: randomUUID(), label: `v${v}`, url: 'https://x.io', position: 0 }],
            version: v,
          };
          expect(await writes.replace(next, v - 1, [], new Date())).toBe(true);
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
        expect(await writes.replace(v1, 0, [], new Date())).toBe(true);
        expect(await writes.replace(v2, 1, [], new Date())).toBe(true);
        await collections.heads.deleteOne({ _id: young.ownerId });
        expect(await pages.byOwner(young.ownerId)).toEqual(v2);
      } finally {
        await database.dropDatabase();
        await mongo.close();
      }
    });
  },
);
