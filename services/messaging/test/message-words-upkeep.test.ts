import { randomUUID } from 'node:crypto';
import { connectMongo, type MongoConnection } from '@vellum/platform-mongo';
import { describeWithServer } from '@vellum/platform/test-support';
import { prepareMessagingCollections } from '../src/mongo-service';

describeWithServer(
  'MONGO_URL',
  "messages stored before search get their words, once (MongoDB's upkeep)",
  (url) => {
    let conn: MongoConnection;
    beforeAll(async () => {
      conn = await connectMongo({ url, appName: 'messaging-upkeep-test' });
    });
    afterAll(async () => {
      await conn.client.db(database).dropDatabase();
      await conn.close();
    });
    const database = `messaging_upkeep_${randomUUID().slice(0, 8)}`;
    const wordless = (text: string) => ({
      _id: randomUUID(),
      conversation: randomUUID(),
      sender: randomUUID(),
      recipient: randomUUID(),
      text,
      sentAt: new Date(),
      key: `${new Date().toISOString()}|${randomUUID()}`,
      editedAt: null,
      deletedAt: null,
    });

    it('fills the words of the messages without them at the first start, and records it so later starts skip it', async () => {
      const db = conn.client.db(database);
      const old = wordless('Lighthouses keep watching');
      await db.collection('messages').insertOne(old as never);
      const collections = await prepareMessagingCollections(db);
      expect((await collections.messages.findOne({ _id: old._id }))?.words).toEqual(
        expect.arrayContaining(['lighthous', 'keep']),
      );
      expect(await db.collection('upkeep').findOne({ _id: 'message-words' as never })).toMatchObject({
        doneAt: expect.any(Date),
      });
      // A later start reads the record, not the messages: a wordless one (none is written any more) stays so.
      const late = wordless('Ferries');
      await db.collection('messages').insertOne(late as never);
      await prepareMessagingCollections(db);
      expect((await collections.messages.findOne({ _id: late._id }))?.words).toBeUndefined();
    });

    it('lets replicas that start together on an empty database all start (one records the upkeep, none fails)', async () => {
      // CI, 2026-11-29: two replicas started at once; the second's upsert of the record failed as a duplicate key
      // and the replica exited.
      for (let round = 0; round < 5; round++) {
        const db = conn.client.db(`${database}_together_${round}`);
        try {
          await db.collection('messages').insertOne(wordless('Harbours at dusk') as never);
          await Promise.all(Array.from({ length: 4 }, () => prepareMessagingCollections(db)));
          expect(await db.collection('upkeep').countDocuments({ _id: 'message-words' as never })).toBe(1);
        } finally {
          await db.dropDatabase();
        }
      }
    });
  },
);
