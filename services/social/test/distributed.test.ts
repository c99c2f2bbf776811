import {
  CirrusFollowedSchema,
  CirrusUnfollowedSchema,
  decodePayload,
  Topics,
  type Envelope,
} from '@vellum/proto';
import {
  describeDistributed,
  eventually,
  readTopic,
  TestClient,
  verifiedAccount,
} from '@vellum/platform/test-support';
import { socialApiSuite } from '../test-support';

const followPayload = (envelope: Envelope) =>
  envelope.type === CirrusFollowedSchema.typeName
    ? decodePayload(envelope, CirrusFollowedSchema)
    : decodePayload(envelope, CirrusUnfollowedSchema);

/** Gateway, identity and social as three processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeDistributed(['social'], (product) => {
  socialApiSuite(() => product().gateway.url);

  it('publishes followed and unfollowed to Kafka, keyed by the followee', async () => {
    const gatewayUrl = product().gateway.url;
    const [ann, bob] = [await verifiedAccount(gatewayUrl), await verifiedAccount(gatewayUrl)];
    const client = new TestClient(gatewayUrl);
    await client.post('/api/signin', { email: bob!.email, password: bob!.password });
    const followUrl = `/api/cirrus/${ann!.username}/follow`;
    // Social learns of ann from identity's events through Kafka.
    await eventually(async () => ((await client.get(followUrl)).status === 200 ? true : undefined), 30_000);

    expect((await client.post(followUrl)).status).toBe(200);
    expect((await client.post(followUrl)).status).toBe(200);
    expect((await client.request('DELETE', followUrl)).status).toBe(200);
    const seen = await readTopic({
      brokers: product().brokers,
      topic: Topics.socialFollow,
      count: 2,
      // Following twice publishes once: a second CirrusFollowed would show in this time.
      settleMs: 500,
      pick: ({ envelope }) => followPayload(envelope).followeeUsername === ann!.username,
    });
    expect(seen.map((m) => m.envelope.type)).toEqual([
      CirrusFollowedSchema.typeName,
      CirrusUnfollowedSchema.typeName,
    ]);
    expect(seen.map((m) => followPayload(m.envelope).followerUsername)).toEqual([
      bob!.username,
      bob!.username,
    ]);
    const annId = (await client.get<{ viewedCirrus: { i: string } }>(`/api/cirrus/${ann!.username}`)).body
      .viewedCirrus.i;
    expect(seen.every((m) => m.key === annId)).toBe(true);
  }, 90_000);
});
