import { CirrusCreatedSchema, CirrusVerifiedSchema, decodePayload, Topics } from '@vellum/proto';
import { describeDistributed, readTopic, verifiedAccount } from '@vellum/platform/test-support';
import { identityApiSuite, sessionsApiSuite } from '../test-support';

/** Gateway and identity as two processes on the real Postgres, Redis and Kafka, as the chart runs them. */
describeDistributed([], (product) => {
  identityApiSuite(() => product().gateway.url);
  describe("one's own sessions and password on Redis", () => sessionsApiSuite(() => product().gateway.url));

  it('publishes cirrus created and verified events to Kafka, keyed by the cirrus', async () => {
    const account = await verifiedAccount(product().gateway.url);
    const seen = await readTopic({
      brokers: product().brokers,
      topic: Topics.identityCirrus,
      count: 2,
      ms: 20_000,
      pick: ({ envelope }) =>
        [CirrusCreatedSchema, CirrusVerifiedSchema].some(
          (schema) =>
            envelope.type === schema.typeName &&
            decodePayload(envelope, schema).username === account.username,
        ),
    });
    expect(seen.map((m) => m.envelope.type)).toEqual([
      CirrusCreatedSchema.typeName,
      CirrusVerifiedSchema.typeName,
    ]);
    expect(seen[0]!.key).toBe(seen[1]!.key);
  }, 40_000);
});
