import { CirrusProfileChangedSchema, decodePayload, Topics } from '@vellum/proto';
import { describeDistributed, profileApiSuite, readTopic, signedIn } from '@vellum/platform/test-support';

/**
 * Gateway, identity, vellum, social and action as processes of their own on the real Postgres, Redis and Kafka: a
 * profile edit reaches the other services over Kafka.
 */
describeDistributed(['vellum', 'social', 'action'], (product) => {
  profileApiSuite(() => product().gateway.url);

  it('publishes CirrusProfileChanged to Kafka with the full new profile, keyed by the cirrus', async () => {
    const dana = await signedIn(product().gateway.url, 'Dana');
    const profile = {
      displayName: 'Dana over Kafka',
      firstName: 'Dana',
      lastName: dana.account.last_name,
      location: 'Oslo, Norway',
      summary: 'Edits her profile.',
      image: 'https://images.example.com/dana.png',
      imageBackground: '#123456',
    };
    expect((await dana.client.put(`/api/cirrus/${dana.username}/profile`, profile)).status).toBe(200);
    const [seen] = await readTopic({
      brokers: product().brokers,
      topic: Topics.identityCirrus,
      count: 1,
      ms: 20_000,
      pick: ({ envelope }) =>
        envelope.type === CirrusProfileChangedSchema.typeName &&
        decodePayload(envelope, CirrusProfileChangedSchema).username === dana.username,
    });
    expect(seen!.key).toBe(dana.id);
    expect(decodePayload(seen!.envelope, CirrusProfileChangedSchema)).toMatchObject({
      cirrusId: dana.id,
      username: dana.username,
      displayName: profile.displayName,
      firstName: profile.firstName,
      lastName: profile.lastName,
      location: profile.location,
      summary: profile.summary,
      image: profile.image,
    });
  }, 40_000);
});
