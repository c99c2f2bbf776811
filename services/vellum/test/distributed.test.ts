import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { type EventBus } from '@vellum/platform';
import { createKafkaBus } from '@vellum/platform-kafka';
import {
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  packEnvelope,
  type DescMessage,
  type MessageInitShape,
  Topics,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumPublishedSchema,
} from '@vellum/proto';
import { describeDistributed, eventually, readTopic, signedIn } from '@vellum/platform/test-support';
import { vellumApiSuite } from '../test-support';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';

/** Gateway, identity and vellum as three processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeDistributed(['vellum'], (product) => {
  let identityBus: EventBus;

  beforeAll(() => {
    identityBus = createKafkaBus({
      brokers: product().brokers,
      clientId: 'vellum-test',
      logger: pino({ level: 'silent' }),
    });
  });

  afterAll(async () => {
    await identityBus?.close();
  });

  /** Publishes an event on Kafka as `producer`'s outbox relay would. */
  async function publishAs<D extends DescMessage>(
    producer: string,
    topic: string,
    key: string,
    schema: D,
    payload: MessageInitShape<D>,
  ) {
    const id = randomUUID();
    const value = packEnvelope({ id, producer, aggregateId: key, payloadSchema: schema, payload });
    await identityBus.publish([{ id, topic, key, type: schema.typeName, value }]);
  }

  vellumApiSuite(() => product().gateway.url, {
    // Speaks for identity on its topic, as its outbox relay would after a profile edit.
    renameAuthor: (who, displayName) =>
      publishAs('identity', Topics.identityCirrus, who.id, CirrusProfileChangedSchema, {
        cirrusId: who.id,
        username: who.username,
        displayName,
      }),
  });

  it("serves the Hall's feed through the gateway from social's follow events on Kafka", async () => {
    const [ada, bob] = await Promise.all([signedIn(product().gateway.url), signedIn(product().gateway.url)]);
    const created = await bob.client.post<{ savedVellum: { i: string } }>('/api/vellum-new', {
      title: 'Followed on Kafka',
      text: JSON.stringify(doc(p(text('followed')))),
    });
    const id = created.body.savedVellum.i;
    await bob.client.put(`/api/vellum/publish/${id}`);
    const ends = {
      followerId: ada.id,
      followerUsername: ada.account.username,
      followeeId: bob.id,
      followeeUsername: bob.account.username,
    };
    const feed = async () =>
      (await ada.client.get<{ vellums: Array<{ i: string }> }>('/api/vellums/following')).body.vellums.map(
        (v) => v.i,
      );

    await publishAs('social', Topics.socialFollow, bob.id, CirrusFollowedSchema, ends);
    await eventually(async () => (await feed()).includes(id), 20_000, "bob's vellum in ada's feed");
    await publishAs('social', Topics.socialFollow, bob.id, CirrusUnfollowedSchema, ends);
    await eventually(async () => (await feed()).length === 0, 20_000, "ada's feed empty after unfollowing");
  }, 60_000);

  it('publishes created, published and deleted events to Kafka, keyed by the vellum', async () => {
    const ada = await signedIn(product().gateway.url);
    const created = await ada.client.post<{ savedVellum: { i: string } }>('/api/vellum-new', {
      title: 'On Kafka',
      text: JSON.stringify(doc(p(text('events')))),
    });
    const id = created.body.savedVellum.i;
    await ada.client.put(`/api/vellum/publish/${id}`);
    await ada.client.request('DELETE', `/api/vellum/${id}`);

    const seen = await readTopic({
      brokers: product().brokers,
      topic: Topics.vellumVellum,
      count: 3,
      pick: (m) => m.key === id,
    });
    expect(seen.map((m) => m.envelope.type)).toEqual([
      VellumCreatedSchema.typeName,
      VellumPublishedSchema.typeName,
      VellumDeletedSchema.typeName,
    ]);
  }, 60_000);
});
