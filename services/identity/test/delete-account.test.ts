import request from 'supertest';
import { CirrusDeletedSchema, decodePayload, deleteAccountMessages, unpackEnvelope } from '@vellum/proto';
import { eventually, newAccount } from '@vellum/platform/test-support';
import { identityHarness } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;
interface Person {
  id: string;
  username: string;
  email: string;
  password: string;
}

describe('POST /api/cirrus/{username}/delete', () => {
  let h: Harness;

  const person = (): Promise<Person> => h.verifiedCirrus();

  const remove = (who: Person | undefined, username: string, body: object) =>
    h.as(who && { id: who.id, username: who.username }).post(`/api/cirrus/${username}/delete`, body);

  /** A session of `who` in the store, as sign-in leaves it. */
  const sessionOf = (sid: string, who: Person) =>
    new Promise<void>((resolve, reject) =>
      h.sessions.set(
        sid,
        {
          cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) },
          passport: { user: { id: who.id, username: who.username } },
        } as never,
        (err) => (err ? reject(err as Error) : resolve()),
      ),
    );

  const rowsOf = async (who: Person) => {
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM identity.cirri WHERE id = $1)
            + (SELECT count(*) FROM identity.tokens WHERE cirrus_id = $1)
            + (SELECT count(*) FROM identity.mail_outbox WHERE email = $2) AS n`,
      [who.id, who.email],
    );
    return Number(rows[0]!.n);
  };

  const deletedEvents = (who: Person) =>
    h.published
      .map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }))
      .filter((m) => m.key === who.id && m.envelope.type === CirrusDeletedSchema.typeName)
      .map((m) => decodePayload(m.envelope, CirrusDeletedSchema));

  beforeAll(async () => {
    h = await identityHarness();
  }, 30_000);
  afterAll(() => h.close());

  it('refuses a visitor (401), someone else (403) and a wrong or missing password (400), changing nothing', async () => {
    const ada = await person();
    const bob = await person();
    await h.mailSettled();
    const before = await rowsOf(ada);

    const visitor = await remove(undefined, ada.username, { password: ada.password });
    expect([visitor.status, visitor.body.error]).toEqual([401, deleteAccountMessages.signIn]);
    const other = await remove(bob, ada.username, { password: bob.password });
    expect([other.status, other.body.error]).toEqual([403, deleteAccountMessages.ownerOnly]);
    const wrong = await remove(ada, ada.username, { password: `${ada.password}x` });
    expect([wrong.status, wrong.body.error]).toEqual([400, deleteAccountMessages.wrongPassword]);
    const missing = await remove(ada, ada.username, { password: '' });
    expect([missing.status, missing.body.error]).toEqual([400, deleteAccountMessages.passwordRequired]);
    const unknown = await remove(ada, 'nobody-here', { password: ada.password });
    expect(unknown.status).toBe(404);

    expect(await rowsOf(ada)).toBe(before);
    expect(before).toBeGreaterThan(0);
    expect(deletedEvents(ada)).toEqual([]);
    await request(h.app).get(`/api/cirrus/${ada.username}`).expect(200);
  });

  it('removes the owner’s account, publishes CirrusDeleted once, ends its sessions and frees the username', async () => {
    const ada = await person();
    const bob = await person();
    await sessionOf('ada-laptop', ada);
    await sessionOf('ada-phone', ada);
    await sessionOf('bob-laptop', bob);

    const res = await remove(ada, ada.username.toUpperCase(), { password: ada.password });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);

    expect(await rowsOf(ada)).toBe(0);
    await request(h.app).get(`/api/cirrus/${ada.username}`).expect(404);
    expect(await h.sessions.getSession('ada-laptop')).toBeNull();
    expect(await h.sessions.getSession('ada-phone')).toBeNull();
    expect(await h.sessions.getSession('bob-laptop')).not.toBeNull();
    await request(h.app).get(`/api/cirrus/${bob.username}`).expect(200);

    const [event] = await eventually(
      () => (deletedEvents(ada).length ? deletedEvents(ada) : undefined),
      5_000,
    );
    expect(event).toMatchObject({ cirrusId: ada.id, username: ada.username });
    expect(event!.deletedAt).toBeDefined();

    // A second click (the account already gone) finds nothing and publishes nothing more.
    expect((await remove(ada, ada.username, { password: ada.password })).status).toBe(404);
    expect(deletedEvents(ada)).toHaveLength(1);

    // The username and the email are free again.
    await request(h.app)
      .post('/api/cirrus/create')
      .send({ ...newAccount(), username: ada.username, email: ada.email })
      .expect(201);
  });
});
