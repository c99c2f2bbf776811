import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import {
  CirrusCreatedSchema,
  CirrusVerifiedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import { describeWithServer } from '../../platform/test/support/servers';
import { identityApiSuite } from './support/identity-api.suite';
import { verifiedAccount } from './support/accounts';
import { startServiceProcess, type ServiceProcess } from './support/processes';

/** Gateway and identity as two processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeWithServer('DATABASE_URL', 'distributed: gateway + identity processes', (databaseUrl) => {
  const redisUrl = process.env.REDIS_URL;
  const brokers = process.env.KAFKA_BROKERS;
  let identity: ServiceProcess;
  let gateway: ServiceProcess;

  beforeAll(async () => {
    if (!redisUrl || !brokers) throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    identity = await startServiceProcess('identity', {
      ...secrets,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      KAFKA_BROKERS: brokers,
      PUBLIC_URL: 'http://localhost:8080',
    });
    gateway = await startServiceProcess('gateway', {
      ...secrets,
      REDIS_URL: redisUrl,
      IDENTITY_URL: identity.url,
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
  }, 60_000);

  afterAll(async () => {
    const codes = await Promise.all([gateway?.stop(), identity?.stop()]);
    // SIGTERM drains and exits cleanly.
    expect(codes.filter((c) => c !== undefined)).toEqual(codes.filter((c) => c !== undefined).map(() => 0));
  });

  identityApiSuite(() => gateway.url);

  it('publishes cirrus created and verified events to Kafka, keyed by the cirrus', async () => {
    const account = await verifiedAccount(gateway.url);
    const kafka = new Kafka({
      clientId: 'identity-test',
      brokers: brokers!.split(','),
      logLevel: logLevel.NOTHING,
    });
    const consumer = kafka.consumer({ groupId: `identity-test-${randomBytes(4).toString('hex')}` });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.identityCirrus, fromBeginning: true });
    const seen: Array<{ key: string; type: string; username: string }> = [];
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          const envelope = unpackEnvelope(message.value!);
          if (envelope.type === CirrusCreatedSchema.typeName) {
            const created = decodePayload(envelope, CirrusCreatedSchema);
            if (created.username === account.username)
              seen.push({ key: message.key!.toString(), type: 'created', username: created.username });
          } else if (envelope.type === CirrusVerifiedSchema.typeName) {
            const verified = decodePayload(envelope, CirrusVerifiedSchema);
            if (verified.username === account.username)
              seen.push({ key: message.key!.toString(), type: 'verified', username: verified.username });
          }
          if (seen.length === 2) resolve();
        },
      });
    });
    await Promise.race([
      done,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`events seen: ${JSON.stringify(seen)}`)), 20_000),
      ),
    ]);
    await consumer.disconnect();
    expect(seen.map((e) => e.type)).toEqual(['created', 'verified']);
    expect(seen[0]!.key).toBe(seen[1]!.key);
  }, 40_000);
});
