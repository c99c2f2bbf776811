import request from 'supertest';
import { identityHarness } from './support/service-harness';
import { newAccount } from '@vellum/platform/test-support';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

const HOUR = 3600 * 1000;

async function signUp(h: Harness) {
  const account = newAccount();
  expect((await request(h.app).post('/api/cirrus/create').send(account)).status).toBe(201);
  return account;
}

const tokenFrom = async (h: Harness, email: string, prefix: string) => {
  const link = await h.mailTo(email, prefix);
  return { link, token: link.searchParams.get('token') ?? link.pathname.split('/').pop()! };
};

describe('identity tokens', () => {
  let h: Harness;
  const start = new Date('2026-01-01T00:00:00Z');
  beforeAll(async () => {
    h = await identityHarness();
  });
  beforeEach(() => {
    h.clock.now = start;
  });
  afterAll(() => h.close());

  it('mails links under PUBLIC_URL in the documented shapes', async () => {
    const account = await signUp(h);
    const { link } = await tokenFrom(h, account.email, '/verification/email/');
    expect(link.origin).toBe('http://vellum.test');
    expect(link.searchParams.get('email')).toBe(account.email);
  });

  it('refuses a verification link after 24 hours', async () => {
    const account = await signUp(h);
    const { token } = await tokenFrom(h, account.email, '/verification/email/');
    h.clock.now = new Date(h.clock.now.getTime() + 24 * HOUR + 1000);
    const res = await request(h.app).post('/api/verification/email').send({ email: account.email, token });
    expect(res.status).toBe(400);
  });

  it('accepts a verification link within 24 hours', async () => {
    const account = await signUp(h);
    const { token } = await tokenFrom(h, account.email, '/verification/email/');
    h.clock.now = new Date(h.clock.now.getTime() + 23 * HOUR);
    expect(
      (await request(h.app).post('/api/verification/email').send({ email: account.email, token })).status,
    ).toBe(200);
  });

  it('refuses a password reset link after 1 hour, and changes nothing', async () => {
    const account = await signUp(h);
    await request(h.app).post('/api/password-reset/send').send({ email: account.email });
    const { token } = await tokenFrom(h, account.email, '/password-reset');
    h.clock.now = new Date(h.clock.now.getTime() + HOUR + 1000);
    expect(
      (await request(h.app).post('/api/password-reset/token').send({ email: account.email, token })).body,
    ).toEqual({
      allowed: false,
    });
    const res = await request(h.app).post('/api/password-reset').send({ token, password: 'New-Password-1' });
    expect(res.body).toEqual({ status: 'Error', errorMessage: 'This password reset link is invalid.' });
    const { rows } = await h.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM identity.cirri WHERE email = $1',
      [account.email],
    );
    expect(rows[0]!.password_hash).toBe(`plain:${account.password}`);
  });

  it('stores only hashes of tokens', async () => {
    const account = await signUp(h);
    const { token } = await tokenFrom(h, account.email, '/verification/email/');
    const { rows } = await h.db.query<{ token_hash: Uint8Array }>(
      'SELECT t.token_hash FROM identity.tokens t JOIN identity.cirri c ON c.id = t.cirrus_id WHERE c.email = $1',
      [account.email],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash).toString('base64url')).not.toBe(token);
    expect(Buffer.from(rows[0]!.token_hash)).toHaveLength(32);
  });
});
