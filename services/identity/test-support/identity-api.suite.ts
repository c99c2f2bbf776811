import { signAssertion } from '@vellum/platform';
import {
  TestClient,
  mailedLink,
  mailedMessage,
  newAccount,
  verifiedAccount,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

/**
 * Every identity call through the gateway, as a browser makes it. Runs against the embedded product and against
 * gateway + identity as separate processes on the real servers.
 */
export function identityApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  const client = () => new TestClient(baseUrl());

  describe('sign-up', () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        'a username with a space',
        { username: 'ada lovelace' },
        'Username must consist of letters, digits, apostrophes, dashes, or dots.',
      ],
      [
        'a 33-character username',
        { username: 'a'.repeat(33) },
        'Your Username must have at most 32 characters.',
      ],
      [
        'a 33-character email',
        { email: `${'a'.repeat(21)}@example.com` },
        'Email must have at most 32 characters.',
      ],
      [
        'a malformed email',
        { email: 'ada.example.com' },
        "Make sure your email is in the proper email format like 'name@example.com'.",
      ],
      [
        'a first name with digits',
        { first_name: 'Ada2' },
        'First name must consist of letters, apostrophes, or dashes.',
      ],
      [
        'a last name with digits',
        { last_name: 'L0velace' },
        'Last name must consist of letters, apostrophes, or dashes.',
      ],
      [
        'a 33-character first name',
        { first_name: 'A'.repeat(33) },
        'First name must have at most 32 characters.',
      ],
      ['an 8-character password', { password: 'Abcdef1!' }, 'Your password must have at least 8 characters.'],
    ];
    it.each(cases)('refuses %s with the spec message and creates nothing', async (_name, change, message) => {
      const account = newAccount(change);
      const res = await client().post('/api/cirrus/create', account);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'Error', errorMessage: message });
      const probe = newAccount();
      expect((await client().get(`/api/username/${probe.username}`)).body).toEqual({ available: true });
    });

    it('creates an account, mails a verification link and reports the handle as taken', async () => {
      const c = client();
      const account = newAccount();
      expect((await c.get(`/api/username/${account.username}`)).body).toEqual({ available: true });
      const res = await c.post('/api/cirrus/create', {
        ...account,
        email: `  ${account.email.toUpperCase()} `,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ status: 'Success' });
      expect((await c.get(`/api/username/${account.username}`)).body).toEqual({ available: false });
      expect((await c.get(`/api/username/${account.username.toUpperCase()}`)).body).toEqual({
        available: false,
      });
      const link = await mailedLink(c, account.email, '/verification/email/');
      expect(link.searchParams.get('email')).toBe(account.email);
      expect(link.pathname).toMatch(/^\/verification\/email\/[\w-]{43}$/);
    });

    it('refuses a duplicate username (any case), also when the email is taken too: usernames are public', async () => {
      const c = client();
      const account = newAccount();
      expect((await c.post('/api/cirrus/create', account)).status).toBe(201);
      const taken = { status: 'Error', errorMessage: 'That Username is already taken.' };
      const sameName = await c.post(
        '/api/cirrus/create',
        newAccount({ username: account.username.toUpperCase() }),
      );
      expect([sameName.status, sameName.body]).toEqual([409, taken]);
      const both = await c.post('/api/cirrus/create', { ...account, password: 'Other-Password-5' });
      expect([both.status, both.body]).toEqual([409, taken]);
    });

    it('answers a registered email like a new one, creates nothing and tells the owner instead', async () => {
      const c = client();
      const owner = await verifiedAccount(baseUrl());
      const fresh = await c.post('/api/cirrus/create', newAccount());
      const intruder = newAccount({ email: owner.email, password: 'Intruder-Pass-3' });
      const again = await c.post('/api/cirrus/create', intruder);
      expect([again.status, again.body]).toEqual([fresh.status, fresh.body]);
      expect([again.status, again.body]).toEqual([201, { status: 'Success' }]);

      const notice = await mailedMessage(c, owner.email, /^Someone tried to sign up with your email$/);
      expect(notice.text).toMatch(/an account already exists/i);
      expect(notice.links.map((l) => new URL(l).pathname)).toEqual(['/', '/password-reset']);
      // No second account: its handle is still free, no verification mail went out, and the owner's password works.
      expect((await c.get(`/api/username/${intruder.username}`)).body).toEqual({ available: true });
      const { body } = await c.get<{ messages: Array<{ subject: string }> }>(
        `/dev/mailbox?to=${encodeURIComponent(owner.email)}`,
      );
      expect(body.messages.filter((m) => /verify/i.test(m.subject))).toHaveLength(1);
      expect((await c.post('/api/signin', { email: owner.email, password: intruder.password })).status).toBe(
        401,
      );
      expect((await c.post('/api/signin', { email: owner.email, password: owner.password })).status).toBe(
        200,
      );
    });

    it('answers an invalid handle as unavailable', async () => {
      expect((await client().get('/api/username/has%20space')).body).toEqual({ available: false });
    });

    it('refuses an oversized body with 413 and bad JSON with 400', async () => {
      const big = await client().post('/api/cirrus/create', {
        ...newAccount(),
        first_name: 'A'.repeat(300_000),
      });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ error: 'The request body is too large.' });
      const bad = await client().post('/api/cirrus/create', '{"username":');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'The request body is not valid JSON.' });
      expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.js/);
    });
  });

  describe('verification', () => {
    it('refuses sign-in until the email is verified, without telling a wrong password apart', async () => {
      const c = client();
      const account = newAccount();
      await c.post('/api/cirrus/create', account);
      const unverified = await c.post('/api/signin', { email: account.email, password: account.password });
      expect(unverified.status).toBe(403);
      expect(unverified.body).toEqual({ messages: ["This Cirrus' email hasn't been verified."] });
      const wrong = await c.post('/api/signin', { email: account.email, password: 'Wrong-Password-1' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ messages: ['Incorrect signin credentials.'] });
    });

    it('verifies once with the mailed token and refuses a wrong, mismatched or reused token', async () => {
      const c = client();
      const account = newAccount();
      await c.post('/api/cirrus/create', account);
      const token = (await mailedLink(c, account.email, '/verification/email/')).pathname.split('/').pop()!;
      const failure = {
        status: 'Error',
        errorMessage: "Your link is not recognized, maybe it's expired. Let's fix that!",
      };

      const wrong = await c.post('/api/verification/email', { email: account.email, token: 'x'.repeat(43) });
      expect([wrong.status, wrong.body]).toEqual([400, failure]);
      const otherEmail = await c.post('/api/verification/email', { email: 'someone@example.com', token });
      expect([otherEmail.status, otherEmail.body]).toEqual([400, failure]);

      const ok = await c.post('/api/verification/email', { email: account.email, token });
      expect([ok.status, ok.body]).toEqual([200, { status: 'Success', email: account.email }]);
      const reused = await c.post('/api/verification/email', { email: account.email, token });
      expect([reused.status, reused.body]).toEqual([400, failure]);
    });

    it('resends a link the same way whether or not the email is registered; the new link replaces the old', async () => {
      const c = client();
      const account = newAccount();
      await c.post('/api/cirrus/create', account);
      const firstLink = await mailedLink(c, account.email, '/verification/email/');
      const first = firstLink.pathname.split('/').pop()!;
      const known = await c.put('/api/verification/email', { email: account.email });
      const unknown = await c.put('/api/verification/email', { email: 'nobody-here@example.com' });
      expect([known.status, known.body]).toEqual([200, { status: 'Success' }]);
      expect([unknown.status, unknown.body]).toEqual([200, { status: 'Success' }]);
      const second = (await mailedLink(c, account.email, '/verification/email/', firstLink)).pathname
        .split('/')
        .pop()!;
      expect(second).not.toBe(first);
      expect((await c.post('/api/verification/email', { email: account.email, token: first })).status).toBe(
        400,
      );
      expect((await c.post('/api/verification/email', { email: account.email, token: second })).status).toBe(
        200,
      );
      const bad = await c.put('/api/verification/email', { email: 'not-an-email' });
      expect(bad.status).toBe(400);
    });
  });

  describe('sessions', () => {
    it('signs in, shows the signed cirrus, and signs out for good', async () => {
      const account = await verifiedAccount(baseUrl());
      const c = client();
      expect((await c.get('/api/sc')).body).toEqual({ signedCirrus: null });
      expect((await c.get('/check_session')).body).toEqual({ authenticated: false });

      const res = await c.post('/api/signin', {
        email: ` ${account.email.toUpperCase()} `,
        password: account.password,
      });
      expect(res.status).toBe(200);
      const setCookie = res.headers.getSetCookie().join('\n');
      expect(setCookie).toMatch(/vellum\.sid=.*HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);

      const sc = await c.get<{ signedCirrus: Record<string, unknown> }>('/api/sc');
      expect(sc.body.signedCirrus).toMatchObject({
        username: account.username,
        displayName: `${account.first_name} ${account.last_name}`,
        first_name: account.first_name,
        last_name: account.last_name,
        isAdmin: false,
      });
      expect(typeof sc.body.signedCirrus.i).toBe('string');
      expect((await c.get('/check_session')).body).toEqual({ authenticated: true });
      expect((await c.get('/api/user')).body).toMatchObject({
        signed_cirrus: { username: account.username },
      });

      const stolen = c.cookieHeader;
      // The spec's GET, as a page navigation (a script's or an image's GET is refused; the app posts).
      expect((await c.navigate('/api/signout')).status).toBe(200);
      expect((await c.get('/api/sc')).body).toEqual({ signedCirrus: null });
      const replay = client();
      replay.setCookieHeader(stolen);
      expect((await replay.get('/api/sc')).body).toEqual({ signedCirrus: null });
    });

    it('gives a new session id at every sign-in', async () => {
      const account = await verifiedAccount(baseUrl());
      const c = client();
      await c.post('/api/signin', { email: account.email, password: account.password });
      const first = c.cookieHeader;
      await c.post('/api/signin', { email: account.email, password: account.password });
      expect(c.cookieHeader).not.toBe(first);
      const old = client();
      old.setCookieHeader(first);
      expect((await old.get('/api/sc')).body).toEqual({ signedCirrus: null });
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const account = await verifiedAccount(baseUrl());
      const wrong = await client().post('/api/signin', { email: account.email, password: 'Not-The-One-1' });
      const unknown = await client().post('/api/signin', {
        // Unique per run: with Redis, failed sign-ins for one email are counted across runs for 15 minutes.
        email: newAccount().email,
        password: account.password,
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ messages: ['Incorrect signin credentials.'] });
      }
      const tooLong = await client().post('/api/signin', { email: account.email, password: 'x'.repeat(41) });
      expect(tooLong.status).toBe(400);
      expect((tooLong.body as { messages: string[] }).messages).toHaveLength(1);
    });

    it('drops an identity header sent by a client', async () => {
      const account = await verifiedAccount(baseUrl());
      const c = client();
      await c.post('/api/signin', { email: account.email, password: account.password });
      const me = (await c.get<{ signedCirrus: { i: string } }>('/api/sc')).body.signedCirrus;
      const forged = signAssertion(
        { id: me.i, username: account.username },
        'a guess at the secret that is long enough',
      );
      const attacker = client();
      expect((await attacker.get('/api/sc', { 'x-vellum-caller': forged })).body).toEqual({
        signedCirrus: null,
      });
      const viewed = await attacker.get<{ viewedCirrus: { email: string } }>(
        `/api/cirrus/${account.username}`,
        {
          'x-vellum-caller': forged,
        },
      );
      expect(viewed.body.viewedCirrus.email).toBe('');
    });

    it('refuses guesses at one account from many clients after 10 failures; its owner still signs in from a known browser', async () => {
      const account = await verifiedAccount(baseUrl());
      const owner = client();
      const own = { email: account.email, password: account.password };
      expect((await owner.post('/api/signin', own)).status).toBe(200);
      // Signing out keeps the browser known (the device cookie stays).
      await owner.post('/api/signout');

      const guesses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const guess = { email: account.email, password: `Guess-number-${i}` };
        guesses.push((await client().post('/api/signin', guess)).status);
      }
      expect(guesses).toEqual([...Array<number>(10).fill(401), 429]);
      const refused = await client().post('/api/signin', own);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        messages: ['Too many failed sign-ins for this account. Please wait 15 minutes and try again.'],
      });
      expect((await owner.post('/api/signin', own)).status).toBe(200);
      expect((await owner.get('/check_session')).body).toEqual({ authenticated: true });
    });
  });

  describe('password reset', () => {
    it('resets the password through the mailed link and ends every other session', async () => {
      const account = await verifiedAccount(baseUrl());
      const elsewhere = client();
      await elsewhere.post('/api/signin', { email: account.email, password: account.password });
      expect((await elsewhere.get('/check_session')).body).toEqual({ authenticated: true });

      const c = client();
      const known = await c.post('/api/password-reset/send', { email: account.email });
      const unknown = await c.post('/api/password-reset/send', { email: 'nobody-at-all@example.com' });
      expect([known.status, known.body]).toEqual([200, { status: 'Success' }]);
      expect([unknown.status, unknown.body]).toEqual([200, { status: 'Success' }]);

      const link = await mailedLink(c, account.email, '/password-reset');
      const token = link.searchParams.get('token')!;
      expect(link.searchParams.get('email')).toBe(account.email);
      expect((await c.post('/api/password-reset/token', { email: account.email, token })).body).toEqual({
        allowed: true,
      });
      expect((await c.post('/api/password-reset/token', { email: 'x@example.com', token })).body).toEqual({
        allowed: false,
      });

      const short = await c.post('/api/password-reset', { token, password: 'short' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        status: 'Error',
        errorMessage: 'Password must have at most 60 characters and at least 8 characters.',
      });

      const newPassword = 'Another-Good-Pass-7';
      const done = await c.post('/api/password-reset', { token, password: newPassword });
      expect([done.status, done.body]).toEqual([200, { status: 'Success' }]);
      expect((await elsewhere.get('/check_session')).body).toEqual({ authenticated: false });

      const reused = await c.post('/api/password-reset', { token, password: newPassword });
      expect([reused.status, reused.body]).toEqual([
        400,
        { status: 'Error', errorMessage: 'This password reset link is invalid.' },
      ]);
      expect((await c.post('/api/password-reset/token', { email: account.email, token })).body).toEqual({
        allowed: false,
      });

      expect((await c.post('/api/signin', { email: account.email, password: account.password })).status).toBe(
        401,
      );
      expect((await c.post('/api/signin', { email: account.email, password: newPassword })).status).toBe(200);
    });
  });

  describe('viewed cirrus', () => {
    it('shows the profile fields to everyone and the email only to its owner', async () => {
      const account = await verifiedAccount(baseUrl());
      const visitor = await client().get<{ viewedCirrus: Record<string, unknown> }>(
        `/api/cirrus/${account.username}`,
      );
      expect(visitor.status).toBe(200);
      expect(visitor.body.viewedCirrus).toMatchObject({
        username: account.username,
        display_name: `${account.first_name} ${account.last_name}`,
        displayName: `${account.first_name} ${account.last_name}`,
        firstName: account.first_name,
        lastName: account.last_name,
        email: '',
        outstandingActions: 0,
        linkItemFontColor: '#337ab7',
        linkItemBackgroundColor: '#ffffff',
      });
      const owner = client();
      await owner.post('/api/signin', { email: account.email, password: account.password });
      const own = await owner.get<{ viewedCirrus: { email: string } }>(`/api/cirrus/${account.username}`);
      expect(own.body.viewedCirrus.email).toBe(account.email);
      const missing = await client().get('/api/cirrus/nobody-by-that-name');
      expect(missing.status).toBe(404);
    });
  });

  describe('gateway', () => {
    it('refuses a state-changing request from another site', async () => {
      const res = await client().post('/api/cirrus/create', newAccount(), { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'This request came from another site and was refused.' });
    });

    it('answers unknown API paths with JSON 404 and serves health probes', async () => {
      const res = await client().get('/api/no-such-call');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found.', code: 'not_found' });
      expect((await client().get('/healthz')).status).toBe(200);
      expect((await client().get('/readyz')).status).toBe(200);
      expect((await client().get('/healthz')).headers.get('x-request-id')).toBeTruthy();
    });
  });
}
