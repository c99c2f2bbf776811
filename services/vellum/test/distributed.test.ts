import { randomBytes, randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import pino from 'pino';
import { createKafkaBus, type EventBus } from '@vellum/platform';
import {
  CirrusProfileChangedSchema,
  packEnvelope,
  Topics,
  unpackEnvelope,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumPublishedSchema,
} from '@vellum/proto';
import { describeWithServer } from '../../platform/test/support/servers';
import { startServiceProcess, type ServiceProcess } from '../../identity/test/support/processes';
import { doc, p, text } from '../../../proto/test/fixtures/vellum-documents';
import { vellumApiSuite } from './support/vellum-api.suite';
import { signedIn } from './support/people';

/** Gateway, identity and vellum as three processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeWithServer('DATABASE_URL', 'distributed: gateway + identity + vellum processes', (databaseUrl) => {
  const redisUrl = process.env.REDIS_URL;
  const brokers = process.env.KAFKA_BROKERS;
  let identity: ServiceProcess;
  let vellum: ServiceProcess;
  let gateway: ServiceProcess;
  let kafka: Kafka;
  let identityBus: EventBus;

  beforeAll(async () => {
    if (!redisUrl || !brokers) throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
    kafka = new Kafka({ clientId: 'vellum-test', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
    identityBus = createKafkaBus({
      brokers: brokers.split(','),
      clientId: 'vellum-test',
      logger: pino({ level: 'silent' }),
    });
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    [identity, vellum] = await Promise.all([
      startServiceProcess('identity', {
        ...secrets,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        KAFKA_BROKERS: brokers,
        PUBLIC_URL: 'http://localhost:8080',
      }),
      startServiceProcess('vellum', {
        INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET,
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: brokers,
      }),
    ]);
    gateway = await startServiceProcess('gateway', {
      ...secrets,
      REDIS_URL: redisUrl,
      IDENTITY_URL: identity.url,
      VELLUM_URL: vellum.url,
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
  }, 90_000);

  afterAll(async () => {
    await identityBus?.close();
    const codes = await Promise.all([gateway?.stop(), vellum?.stop(), identity?.stop()]);
    // SIGTERM drains and exits cleanly.
    expect(codes.filter((c) => c !== undefined)).toEqual(codes.filter((c) => c !== undefined).map(() => 0));
  });

  vellumApiSuite(() => gateway.url, {
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
    const ada = await signedIn(gateway.url);
    const created = await ada.client.post<{ savedVellum: { i: string } }>('/api/vellum-new', {
      title: 'On Kafka',
      text: JSON.stringify(doc(p(text('events')))),
    });
    const id = created.body.savedVellum.i;
    await ada.client.put(`/api/vellum/publish/${id}`);
    await ada.client.request('DELETE', `/api/vellum/${id}`);

    const consumer = kafka.consumer({ groupId: `vellum-test-${randomBytes(4).toString('hex')}` });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.vellumVellum, fromBeginning: true });
    const seen: Array<{ key: string; type: string }> = [];
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.key?.toString() !== id) return;
          seen.push({ key: id, type: unpackEnvelope(message.value!).type });
          if (seen.length === 3) resolve();
        },
      });
    });
    await Promise.race([
      done,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`events seen: ${JSON.stringify(seen)}`)), 30_000),
      ),
    ]);
    await consumer.disconnect();
    expect(seen.map((e) => e.type)).toEqual([
      VellumCreatedSchema.typeName,
      VellumPublishedSchema.typeName,
      VellumDeletedSchema.typeName,
    ]);
  }, 60_000);
});
