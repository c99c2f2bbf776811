import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import {
  CirrusFollowedSchema,
  CirrusUnfollowedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import { describeWithServer } from '../../platform/test/support/servers';
import { startServiceProcess, type ServiceProcess } from '../../identity/test/support/processes';
import { TestClient } from '../../identity/test/support/http-client';
import { verifiedAccount } from '../../identity/test/support/accounts';
import { socialApiSuite } from './support/social-api.suite';
import { eventually } from './support/social-harness';

/** Gateway, identity and social as three processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeWithServer('DATABASE_URL', 'distributed: gateway + identity + social processes', (databaseUrl) => {
  const redisUrl = process.env.REDIS_URL;
  const brokers = process.env.KAFKA_BROKERS;
  let identity: ServiceProcess;
  let social: ServiceProcess;
  let gateway: ServiceProcess;

  beforeAll(async () => {
    if (!redisUrl || !brokers) throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    const stores = { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers };
    [identity, social] = await Promise.all([
      startServiceProcess('identity', {
        ...secrets,
        ...stores,
        REDIS_URL: redisUrl,
        PUBLIC_URL: 'http://localhost:8080',
      }),
      startServiceProcess('social', { INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET, ...stores }),
    ]);
    gateway = await startServiceProcess('gateway', {
      ...secrets,
      REDIS_URL: redisUrl,
      IDENTITY_URL: identity.url,
      SOCIAL_URL: social.url,
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
  }, 90_000);

  afterAll(async () => {
    const codes = await Promise.all([gateway?.stop(), social?.stop(), identity?.stop()]);
    // SIGTERM drains and exits cleanly.
    expect(codes.filter((c) => c !== undefined)).toEqual(codes.filter((c) => c !== undefined).map(() => 0));
  });

  socialApiSuite(() => gateway.url);

  it('publishes followed and unfollowed to Kafka, keyed by the followee', async () => {
    const [ann, bob] = [await verifiedAccount(gateway.url), await verifiedAccount(gateway.url)];
    const client = new TestClient(gateway.url);
    await client.post('/api/signin', { email: bob!.email, password: bob!.password });
    const followUrl = `/api/cirrus/${ann!.username}/follow`;
    // Social learns of ann from identity's events through Kafka.
    await eventually(async () => ((await client.get(followUrl)).status === 200 ? true : undefined), 30_000);

    const kafka = new Kafka({
      clientId: 'social-test',
      brokers: brokers!.split(','),
      logLevel: logLevel.NOTHING,
    });
    const consumer = kafka.consumer({ groupId: `social-test-${randomBytes(4).toString('hex')}` });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.socialFollow, fromBeginning: true });
    const seen: Array<{ key: string; type: string }> = [];
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          const envelope = unpackEnvelope(message.value!);
          const payload =
            envelope.type === CirrusFollowedSchema.typeName
              ? decodePayload(envelope, CirrusFollowedSchema)
              : decodePayload(envelope, CirrusUnfollowedSchema);
          if (payload.followeeUsername !== ann!.username) return;
          expect(payload.followerUsername).toBe(bob!.username);
          seen.push({ key: message.key!.toString(), type: envelope.type });
          if (seen.length === 2) resolve();
        },
      });
    });
    expect((await client.post(followUrl)).status).toBe(200);
    expect((await client.post(followUrl)).status).toBe(200);
    expect((await client.request('DELETE', followUrl)).status).toBe(200);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      done,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`seen: ${JSON.stringify(seen)}`)), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await consumer.disconnect();
    expect(seen.map((e) => e.type)).toEqual([CirrusFollowedSchema.typeName, CirrusUnfollowedSchema.typeName]);
    const annId = (await client.get<{ viewedCirrus: { i: string } }>(`/api/cirrus/${ann!.username}`)).body
      .viewedCirrus.i;
    expect(seen.every((e) => e.key === annId)).toBe(true);
  }, 90_000);
});
