import request from 'supertest';
import { sessionIdFromCookies, sessionKeyOf } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusSessionsEndedSchema,
  CirrusSignedInSchema,
  CirrusSignedOutSchema,
  CirrusVerifiedSchema,
  decodePayload,
  unpackEnvelope,
} from '@vellum/proto';
import { eventually, newAccount } from '@vellum/platform/test-support';
import { identityHarness } from './support/service-harness';

describe('identity events', () => {
  it('publishes created, verified and signed-in through the outbox, keyed by the cirrus', async () => {
    const h = await identityHarness();
    try {
      const account = newAccount();
      await request(h.app).post('/api/cirrus/create').send(account);
      const token = (await h.mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
      await request(h.app).post('/api/verification/email').send({ email: account.email, token });
      const signin = await request(h.app)
        .post('/api/signin')
        .send({ email: account.email, password: account.password });
      expect(signin.status).toBe(200);

      await eventually(() => (h.published.length >= 3 ? true : undefined), 3_000);
      const envelopes = h.published.map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }));
      expect(envelopes.map((e) => e.envelope.type)).toEqual([
        CirrusCreatedSchema.typeName,
        CirrusVerifiedSchema.typeName,
        CirrusSignedInSchema.typeName,
      ]);
      const created = decodePayload(envelopes[0]!.envelope, CirrusCreatedSchema);
      expect(created).toMatchObject({
        username: account.username,
        email: account.email,
        firstName: account.first_name,
        lastName: account.last_name,
        displayName: `${account.first_name} ${account.last_name}`,
      });
      expect(new Set(envelopes.map((e) => e.key))).toEqual(new Set([created.cirrusId]));
      expect(envelopes.every((e) => e.envelope.producer === 'identity')).toBe(true);

      const { rows } = await h.db.query<{ last_session_at: Date | null }>(
        'SELECT last_session_at FROM identity.cirri WHERE id = $1',
        [created.cirrusId],
      );
      expect(rows[0]!.last_session_at).not.toBeNull();
    } finally {
      await h.close();
    }
  });

  it('publishes the end of a session (sign-out) and of every session (reset), named by keys, never by ids', async () => {
    const h = await identityHarness();
    try {
      const { username, id } = await h.verifiedCirrus();
      const email = `${username}@example.com`;
      const browsers = [request.agent(h.app), request.agent(h.app), request.agent(h.app)];
      const sids: string[] = [];
      for (const browser of browsers) {
        const res = await browser.post('/api/signin').send({ email, password: 'Correct-Horse-9' });
        expect(res.status).toBe(200);
        const cookie = res.headers['set-cookie'] as unknown as string[];
        sids.push(
          sessionIdFromCookies(cookie.map((c) => c.split(';')[0]).join('; '), 's'.repeat(32), 'vellum.sid')!,
        );
      }
      const key = (sid: string) => sessionKeyOf(sid, 'i'.repeat(32));
      const ended = new Set<string>([CirrusSignedOutSchema.typeName, CirrusSessionsEndedSchema.typeName]);
      const endings = () =>
        h.published
          .map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }))
          .filter((e) => e.key === id && ended.has(e.envelope.type));

      expect((await browsers[0]!.get('/api/signout')).status).toBe(200);
      const [out] = await eventually(() => (endings().length === 1 ? endings() : undefined), 3_000);
      expect(decodePayload(out!.envelope, CirrusSignedOutSchema)).toMatchObject({
        cirrusId: id,
        username,
        sessionKey: key(sids[0]!),
      });

      await request(h.app).post('/api/password-reset/send').send({ email });
      const token = (await h.mailTo(email, '/password-reset')).searchParams.get('token');
      const reset = await request(h.app)
        .post('/api/password-reset')
        .send({ token, password: 'Another-Good-Pass-7' });
      expect(reset.status).toBe(200);
      const [, all] = await eventually(() => (endings().length === 2 ? endings() : undefined), 3_000);
      const payload = decodePayload(all!.envelope, CirrusSessionsEndedSchema);
      expect(payload).toMatchObject({ cirrusId: id, username });
      expect([...payload.sessionKeys].sort()).toEqual([key(sids[1]!), key(sids[2]!)].sort());
      // The session ids, bearer secrets, are in no event.
      const bytes = h.published.map((m) => Buffer.from(m.value).toString('latin1')).join();
      for (const sid of sids) expect(bytes).not.toContain(sid);
      for (const sid of sids) expect(await h.sessions.getSession(sid)).toBeNull();
    } finally {
      await h.close();
    }
  });

  it('writes nothing when the request is refused', async () => {
    const h = await identityHarness();
    try {
      await request(h.app)
        .post('/api/cirrus/create')
        .send(newAccount({ username: 'bad name' }));
      const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.outbox');
      expect(rows[0]!.n).toBe(0);
      expect(
        (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.cirri')).rows[0]!.n,
      ).toBe(0);
    } finally {
      await h.close();
    }
  });

  it('makes an admin of the verified owner of an email in ADMIN_EMAILS, never of a username', async () => {
    const h = await identityHarness();
    const verifiedSignIn = async (account: ReturnType<typeof newAccount>) => {
      await request(h.app).post('/api/cirrus/create').send(account);
      const token = (await h.mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
      await request(h.app).post('/api/verification/email').send({ email: account.email, token });
      // An admin's first session waits for a password set from the mailbox (admin-squatter.test.ts).
      await request(h.app).post('/api/password-reset/send').send({ email: account.email });
      const reset = (await h.mailTo(account.email, '/password-reset')).searchParams.get('token');
      await request(h.app).post('/api/password-reset').send({ token: reset, password: account.password });
      const res = await request(h.app)
        .post('/api/signin')
        .send({ email: account.email, password: account.password });
      return res.body.signedCirrus as { username: string; isAdmin: boolean };
    };
    try {
      // The probe of issue 17: the admin's name, claimed first by someone else.
      const squatter = await verifiedSignIn(newAccount({ username: 'admin' }));
      expect(squatter).toMatchObject({ username: 'admin', isAdmin: false });
      const admin = await verifiedSignIn(newAccount({ username: 'the.admin', email: 'admin@vellum.test' }));
      expect(admin).toMatchObject({ username: 'the.admin', isAdmin: true });
    } finally {
      await h.close();
    }
  });
});
