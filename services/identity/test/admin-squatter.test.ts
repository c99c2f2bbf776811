import request from 'supertest';
import { eventually, newAccount } from '@vellum/platform/test-support';
import { identityHarness } from './support/service-harness';

// Issue 23, defect 3: someone signs up first with an ADMIN_EMAILS address and a password of their own; the owner,
// signing up later, finds 'Verify your email for Vellum' (the squatter's) beside 'Someone tried to sign up with your
// email' and follows the first. The squatter's account was verified, and they signed in with isAdmin: true.
describe("an admin's first session waits for a password set from the admin's mailbox", () => {
  const ADMIN_EMAIL = 'admin@vellum.test'; // the harness's ADMIN_EMAILS, in another case
  let h: Awaited<ReturnType<typeof identityHarness>>;
  beforeEach(async () => {
    h = await identityHarness();
  });
  afterEach(() => h.close());

  const signIn = (email: string, password: string) =>
    request(h.app).post('/api/signin').send({ email, password });

  async function resetFromMailbox(email: string, password: string) {
    await request(h.app).post('/api/password-reset/send').send({ email }).expect(200);
    // The 'someone tried to sign up' notice links to /password-reset too, without a token.
    const token = await eventually(() =>
      h.mailbox
        .list(email)
        .flatMap((m) => m.links.map((l) => new URL(l)))
        .find((l) => l.pathname === '/password-reset' && l.searchParams.has('token'))
        ?.searchParams.get('token'),
    );
    await request(h.app).post('/api/password-reset').send({ token, password }).expect(200);
  }

  it('refuses the squatter a session after the owner followed their verification link; the owner takes it back', async () => {
    const squatter = newAccount({
      email: ADMIN_EMAIL,
      username: 'not.the.admin',
      password: 'Squatters-Own-1!',
    });
    await request(h.app).post('/api/cirrus/create').send(squatter).expect(201);
    const owner = newAccount({ email: ADMIN_EMAIL, username: 'the.admin' });
    await request(h.app).post('/api/cirrus/create').send(owner).expect(201);
    // The owner follows the only verification link in their mailbox: the squatter's account's.
    const token = (await h.mailTo(ADMIN_EMAIL, '/verification/email/')).pathname.split('/').pop();
    await request(h.app).post('/api/verification/email').send({ email: ADMIN_EMAIL, token }).expect(200);

    const refused = await signIn(ADMIN_EMAIL, squatter.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      messages: [
        'This is an admin account: before its first sign-in, set its password from a reset link (Reset Password).',
      ],
    });
    expect(refused.headers['set-cookie']).toBeUndefined();

    // Only the mailbox's owner can set the password; then the account is theirs, and an admin's.
    await resetFromMailbox(ADMIN_EMAIL, owner.password);
    expect((await signIn(ADMIN_EMAIL, squatter.password)).status).toBe(401);
    const signedIn = await signIn(ADMIN_EMAIL, owner.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.signedCirrus).toMatchObject({ username: 'not.the.admin', isAdmin: true });
  });

  it('asks the same of an owner who signed up first, once, and never of anyone else', async () => {
    const owner = newAccount({ email: ADMIN_EMAIL });
    await request(h.app).post('/api/cirrus/create').send(owner).expect(201);
    const token = (await h.mailTo(ADMIN_EMAIL, '/verification/email/')).pathname.split('/').pop();
    await request(h.app).post('/api/verification/email').send({ email: ADMIN_EMAIL, token }).expect(200);
    expect((await signIn(ADMIN_EMAIL, owner.password)).status).toBe(403);
    await resetFromMailbox(ADMIN_EMAIL, owner.password);
    expect((await signIn(ADMIN_EMAIL, owner.password)).body.signedCirrus).toMatchObject({ isAdmin: true });
    // Later sign-ins need nothing more.
    expect((await signIn(ADMIN_EMAIL, owner.password)).status).toBe(200);

    const someone = newAccount();
    await request(h.app).post('/api/cirrus/create').send(someone).expect(201);
    const link = (await h.mailTo(someone.email, '/verification/email/')).pathname.split('/').pop();
    await request(h.app)
      .post('/api/verification/email')
      .send({ email: someone.email, token: link })
      .expect(200);
    const plain = await signIn(someone.email, someone.password);
    expect([plain.status, plain.body.signedCirrus?.isAdmin]).toEqual([200, false]);
  });
});
