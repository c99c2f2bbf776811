import { CirrusDeletedSchema, CirrusProfileChangedSchema, decodePayload, Topics } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import {
  describeDistributed,
  eventually,
  readTopic,
  signedIn,
  TestClient,
} from '@vellum/platform/test-support';
import { profileApiSuite } from '../test-support';

/**
 * Gateway, identity, vellum, social and action as processes of their own on the real Postgres, Redis and Kafka: a
 * profile edit reaches the other services over Kafka.
 */
describeDistributed(['vellum', 'social', 'action'], (product) => {
  profileApiSuite(() => product().gateway.url);

  /** The first event of `schema` about the cirrus `cirrusId` on identity's Kafka topic. */
  const identityEventOn = async <D extends typeof CirrusProfileChangedSchema | typeof CirrusDeletedSchema>(
    schema: D,
    cirrusId: string,
  ) => {
    const [seen] = await readTopic({
      brokers: product().brokers,
      topic: Topics.identityCirrus,
      count: 1,
      ms: 20_000,
      pick: ({ envelope }) =>
        envelope.type === schema.typeName && decodePayload(envelope, schema).cirrusId === cirrusId,
    });
    return seen!;
  };

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
    const seen = await identityEventOn(CirrusProfileChangedSchema, dana.id);
    expect(seen.key).toBe(dana.id);
    expect(decodePayload(seen.envelope, CirrusProfileChangedSchema)).toMatchObject({
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

  it('deletes an account: CirrusDeleted on Kafka reaches vellum and social, and the Redis sessions end', async () => {
    const [eve, finn] = await Promise.all([
      signedIn(product().gateway.url, 'Eve'),
      signedIn(product().gateway.url, 'Finn'),
    ]);
    const title = `Eve leaves ${eve.id.slice(0, 8)}`;
    const created = await eve.client.post<{ savedVellum: { i: string } }>('/api/vellum-new', {
      title,
      text: JSON.stringify(doc(p(text('Gone soon.')))),
    });
    expect(created.status).toBe(201);
    await eventually(
      async () => (await finn.client.post(`/api/cirrus/${eve.username}/follow`)).status === 200 || undefined,
      30_000,
    );
    const oldCookie = eve.client.cookieHeader;

    const res = await eve.client.post(`/api/cirrus/${eve.username}/delete`, {
      password: eve.account.password,
    });
    expect(res.status).toBe(200);
    const stale = new TestClient(product().gateway.url);
    stale.setCookieHeader(oldCookie);
    expect((await stale.get<{ signedCirrus: unknown }>('/api/sc')).body.signedCirrus).toBeNull();

    expect((await identityEventOn(CirrusDeletedSchema, eve.id)).key).toBe(eve.id);
    // social: Eve is gone from Finn's following list; vellum: her vellum is no longer served.
    await eventually(async () => {
      const following = await finn.client.get(`/api/cirrus/${finn.username}/following`);
      return !JSON.stringify(following.body).includes(eve.username) || undefined;
    }, 30_000);
    await eventually(async () => {
      const page = await finn.client.get<{ vellum: unknown }>(`/api/vellum/${created.body.savedVellum.i}`);
      return page.body.vellum === null || undefined;
    }, 30_000);
  }, 90_000);
});
