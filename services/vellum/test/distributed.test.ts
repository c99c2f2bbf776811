import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { type EventBus } from '@vellum/platform';
import { createKafkaBus } from '@vellum/platform/kafka';
import {
  CirrusProfileChangedSchema,
  packEnvelope,
  Topics,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumPublishedSchema,
} from '@vellum/proto';
import { describeDistributed, readTopic, signedIn, vellumApiSuite } from '@vellum/platform/test-support';
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

  vellumApiSuite(() => product().gateway.url, {
    // Speaks for identity on its topic, as its outbox relay would after a profile edit.
    async renameAuthor(who, displayName) {
      const id = randomUUID();
      await identityBus.publish([
        {
          id,
          topic: Topics.identityCirrus,
          key: who.id,
          type: CirrusProfileChangedSchema.typeName,
          value: packEnvelope({
            id,
            producer: 'identity',
            aggregateId: who.id,
            payloadSchema: CirrusProfileChangedSchema,
            payload: { cirrusId: who.id, username: who.username, displayName },
          }),
        },
      ]);
    },
  });

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
