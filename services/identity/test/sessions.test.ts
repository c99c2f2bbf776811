import { createHmac } from 'node:crypto';
import request from 'supertest';
import { sessionIdFromCookies, sessionKeyOf, type SessionRecord } from '@vellum/platform';
import {
  CirrusSessionsEndedSchema,
  CirrusSignedOutSchema,
  decodePayload,
  sessionMessages,
  unpackEnvelope,
} from '@vellum/proto';
import { eventually, newAccount } from '@vellum/platform/test-support';
import { identityHarness } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

const SESSION_SECRET = 's'.repeat(32);
const INTERNAL_SECRET = 'i'.repeat(32);
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const key = (sid: string) => sessionKeyOf(sid, INTERNAL_SECRET);
const signedCookie = (name: string, sid: string) =>
  `${name}=${encodeURIComponent(
    `s:${sid}.${createHmac('sha256', SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '')}`,
  )}`;

interface Person {
  id: string;
  username: string;
  email: string;
  password: string;
}

describe('own sessions and password change', () => {
  let h: Harness;

  const person = (): Promise<Person> => h.verifiedCirrus();

  /** Signs `who` in from a browser of its own: the session id, its key and the Set-Cookie header. */
  async function signIn(who: Person, userAgent = CHROME_LINUX, cookie?: string) {
    let call = request(h.app).post('/api/signin').set('user-agent', userAgent);
    if (cookie) call = call.set('cookie', cookie);
    const res = await call.send({ email: who.email, password: who.password });
    expect(res.status).toBe(200);
    const setCookie = res.headers['set-cookie'] as unknown as string[];
    const sid = sessionIdFromCookies(
      setCookie.map((c) => c.split(';')[0]).join('; '),
      SESSION_SECRET,
      'vellum.sid',
    )!;
    expect(sid).toBeDefined();
    return { sid, key: key(sid), setCookie };
  }

  const as = (who: Person | undefined, sid?: string) =>
    h.as(who && { id: who.id, username: who.username, ...(sid && { session: key(sid) }) });

  const events = (who: Person, type: string) =>
    h.published
      .map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }))
      .filter((m) => m.key === who.id && m.envelope.type === type)
      .map((m) => m.envelope);

  beforeAll(async () => {
    h = await identityHarness();
  }, 30_000);
  afterAll(() => h.close());

  it('gives a new session id at sign-in: a session fixed beforehand is worthless and ended', async () => {
    const ada = await person();
    await new Promise<void>((resolve) =>
      h.sessions.set('fixed-by-attacker', { cookie: { originalMaxAge: 60_000 } } as never, () => resolve()),
    );
    const { sid } = await signIn(ada, CHROME_LINUX, signedCookie('vellum.sid', 'fixed-by-attacker'));
    expect(sid).not.toBe('fixed-by-attacker');
    expect(await h.sessions.getSession('fixed-by-attacker')).toBeNull();
  });

  it('keeps when the session started and the device, never the raw User-Agent', async () => {
    const ada = await person();
    const { sid, setCookie } = await signIn(ada, `${FIREFOX_WINDOWS}\t${'x'.repeat(5000)}`);
    const record = (await h.sessions.getSession(sid)) as SessionRecord;
    expect(record).toMatchObject({
      createdAt: h.clock.now.getTime(),
      lastSeenAt: h.clock.now.getTime(),
      device: 'Firefox on Windows',
    });
    expect(JSON.stringify(record)).not.toContain('xxxx');
    expect(setCookie.find((c) => c.startsWith('vellum.sid='))).toMatch(
      /^vellum\.sid=.*; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/,
    );
  });

  it("lists the caller's live sessions by key, the current one first, and nobody else's", async () => {
    const ada = await person();
    const bob = await person();
    const laptop = await signIn(ada, CHROME_LINUX);
    h.clock.now = new Date(h.clock.now.getTime() + 5 * 60_000);
    const desktop = await signIn(ada, FIREFOX_WINDOWS);
    await signIn(bob);

    expect((await as(undefined).get('/api/sessions')).status).toBe(401);
    const res = await as(ada, laptop.sid).get('/api/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([
      expect.objectContaining({ key: laptop.key, device: 'Chrome on Linux', current: true }),
      expect.objectContaining({ key: desktop.key, device: 'Firefox on Windows', current: false }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(laptop.sid);
    expect(new Date(res.body.sessions[1].lastSeenAt).getTime()).toBe(h.clock.now.getTime());
  });

  it('ends one of the caller’s own sessions (CirrusSignedOut with its key), never another person’s', async () => {
    const ada = await person();
    const bob = await person();
    const mine = await signIn(ada);
    const other = await signIn(ada, FIREFOX_WINDOWS);
    const bobs = await signIn(bob);

    const foreign = await as(ada, mine.sid).delete(`/api/sessions/${bobs.key}`);
    expect([foreign.status, foreign.body.error]).toEqual([404, sessionMessages.notFound]);
    expect(await h.sessions.getSession(bobs.sid)).not.toBeNull();
    expect((await as(ada, mine.sid).delete('/api/sessions/not-a-key')).status).toBe(404);
    expect((await as(undefined).delete(`/api/sessions/${other.key}`)).status).toBe(401);

    const ended = await as(ada, mine.sid).delete(`/api/sessions/${other.key}`);
    expect(ended.status).toBe(200);
    expect(ended.headers['set-cookie']).toBeUndefined();
    expect(await h.sessions.getSession(other.sid)).toBeNull();
    expect(await h.sessions.getSession(mine.sid)).not.toBeNull();
    const [signedOut] = await eventually(() => {
      const found = events(ada, CirrusSignedOutSchema.typeName);
      return found.length ? found : undefined;
    }, 3_000);
    expect(decodePayload(signedOut!, CirrusSignedOutSchema).sessionKey).toBe(other.key);
    expect((await as(ada, mine.sid).delete(`/api/sessions/${other.key}`)).status).toBe(404);
  });

  it('changes the password with the current one, ending every other session and keeping this one', async () => {
    const ada = await person();
    const current = await signIn(ada);
    const phone = await signIn(ada, FIREFOX_WINDOWS);
    const tablet = await signIn(ada, FIREFOX_WINDOWS);
    const newPassword = 'New-Horse-Battery-7';

    expect(
      (await as(undefined).post('/api/password', { currentPassword: ada.password, password: newPassword }))
        .status,
    ).toBe(401);
    const short = await as(ada, current.sid).post('/api/password', {
      currentPassword: ada.password,
      password: 'short',
    });
    expect(short.status).toBe(400);

    const res = await as(ada, current.sid).post('/api/password', {
      currentPassword: ada.password,
      password: newPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ endedSessions: 2 });
    expect(await h.sessions.getSession(current.sid)).not.toBeNull();
    expect(await h.sessions.getSession(phone.sid)).toBeNull();
    expect(await h.sessions.getSession(tablet.sid)).toBeNull();

    const [ended] = await eventually(() => {
      const found = events(ada, CirrusSessionsEndedSchema.typeName);
      return found.length ? found : undefined;
    }, 3_000);
    expect(decodePayload(ended!, CirrusSessionsEndedSchema).sessionKeys.sort()).toEqual(
      [phone.key, tablet.key].sort(),
    );

    await request(h.app).post('/api/signin').send({ email: ada.email, password: ada.password }).expect(401);
    await signIn({ ...ada, password: newPassword });
  });

  it('changes nothing on a wrong current password', async () => {
    const ada = await person();
    const current = await signIn(ada);
    const other = await signIn(ada, FIREFOX_WINDOWS);
    const hashOf = async () =>
      (
        await h.db.query<{ h: string }>('SELECT password_hash AS h FROM identity.cirri WHERE id = $1', [
          ada.id,
        ])
      ).rows[0]!.h;
    const before = await hashOf();

    const res = await as(ada, current.sid).post('/api/password', {
      currentPassword: `${ada.password}x`,
      password: 'New-Horse-Battery-7',
    });
    expect([res.status, res.body.error]).toEqual([400, sessionMessages.wrongPassword]);
    expect(await hashOf()).toBe(before);
    expect(await h.sessions.getSession(other.sid)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events(ada, CirrusSessionsEndedSchema.typeName)).toEqual([]);
  });

  it('ends an idle session and one past its absolute limit: not listed, no session at sign-out', async () => {
    const ada = await person();
    const idle = await signIn(ada);
    const used = await signIn(ada, FIREFOX_WINDOWS);
    const start = h.clock.now.getTime();
    // 11 h later the second is used (the gateway writes lastSeenAt); at 12 h the first has been idle for 12 h.
    await h.sessions.markSeen(used.sid, start + 11 * 3_600_000);
    h.clock.now = new Date(start + 12 * 3_600_000);
    const listed = await as(ada, used.sid).get('/api/sessions');
    expect(listed.body.sessions.map((s: { key: string }) => s.key)).toEqual([used.key]);
    expect(await h.sessions.getSession(idle.sid)).toBeNull();

    // Used every few hours, it still ends 14 days after sign-in.
    await h.sessions.markSeen(used.sid, start + 14 * 24 * 3_600_000 - 60_000);
    h.clock.now = new Date(start + 14 * 24 * 3_600_000);
    const signOut = await request(h.app)
      .post('/api/signout')
      .set('cookie', signedCookie('vellum.sid', used.sid));
    expect(signOut.status).toBe(200);
    expect(await h.sessions.getSession(used.sid)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      events(ada, CirrusSignedOutSchema.typeName).map(
        (e) => decodePayload(e, CirrusSignedOutSchema).sessionKey,
      ),
    ).not.toContain(used.key);
  });
});

describe('the session cookie behind https', () => {
  it('is __Host-vellum.sid: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const h = await identityHarness({ secureCookies: true });
    try {
      const account = newAccount();
      await request(h.app).post('/api/cirrus/create').send(account).expect(201);
      const token = (await h.mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
      await request(h.app).post('/api/verification/email').send({ email: account.email, token }).expect(200);
      const res = await request(h.app)
        .post('/api/signin')
        .set('x-forwarded-proto', 'https')
        .send({ email: account.email, password: account.password });
      expect(res.status).toBe(200);
      const cookies = res.headers['set-cookie'] as unknown as string[];
      expect(cookies.find((c) => c.startsWith('vellum.sid='))).toBeUndefined();
      const cookie = cookies.find((c) => c.startsWith('__Host-vellum.sid='));
      expect(cookie).toMatch(/^__Host-vellum\.sid=s%3A/);
      expect(cookie).toMatch(/; Path=\/;/);
      expect(cookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      expect(cookie).not.toMatch(/Domain=/i);
    } finally {
      await h.close();
    }
  });
});
