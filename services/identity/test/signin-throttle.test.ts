import { randomBytes } from 'node:crypto';
import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { memoryLimiters, type LimiterFactory } from '@vellum/platform';
import { redisLimiters } from '@vellum/platform-redis';
import { type Account, describeWithServer, newAccount } from '@vellum/platform/test-support';
import {
  DEVICE_COOKIE,
  DEVICE_FAILURES,
  UNTRUSTED_FAILURES,
  deviceCookieValue,
  signInThrottle,
  trustedDevice,
} from '../src/http/signin-throttle';
import type { PasswordHasher } from '../src/domain/passwords';
import { identityHarness, plainHasher } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

const WRONG = 'Not-The-Password-1';
const accountMessage = (minutes: number) =>
  `Too many failed sign-ins for this account. Please wait ${minutes} minutes and try again.`;

/** The device cookie's `Set-Cookie` line of an answer, if any. */
const deviceSetCookie = (res: request.Response): string | undefined =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));

/** The `vellum.device=...` pair of a sign-in answer, as the browser would send it back. */
function deviceCookieOf(res: request.Response): string {
  const header = deviceSetCookie(res);
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return header.split(';')[0]!;
}

function signInThrottleSuite(limiters: () => LimiterFactory) {
  let h: Harness;
  const verifyCalls = { count: 0 };
  const countingHasher: PasswordHasher = {
    hash: plainHasher.hash,
    verify: async (hash, password) => {
      verifyCalls.count++;
      return plainHasher.verify(hash, password);
    },
  };

  beforeAll(async () => {
    h = await identityHarness({ limiters: limiters(), hasher: countingHasher });
  });
  afterAll(() => h.close());

  async function verifiedAccount(): Promise<Account> {
    const account = newAccount();
    expect((await request(h.app).post('/api/cirrus/create').send(account)).status).toBe(201);
    const token = (await h.mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
    expect(
      (await request(h.app).post('/api/verification/email').send({ email: account.email, token })).status,
    ).toBe(200);
    return account;
  }

  /** One sign-in from a client of its own: a fresh address, and only the cookie given (if any). */
  const signIn = (email: string, password: string, cookie?: string) => {
    const test = request(h.app)
      .post('/api/signin')
      .set('x-forwarded-for', `198.51.100.${randomBytes(1)[0]}`);
    return (cookie ? test.set('cookie', cookie) : test).send({ email, password });
  };

  /** Signs in once with the right password and returns the browser's device cookie for the account. */
  const knownBrowser = async (account: Account) =>
    deviceCookieOf(await signIn(account.email, account.password));

  it('bounds guesses at one account from any number of clients; the owner on a known browser still signs in', async () => {
    const account = await verifiedAccount();
    const ownBrowser = await knownBrowser(account);

    for (let i = 0; i < UNTRUSTED_FAILURES; i++)
      expect((await signIn(account.email, WRONG)).status).toBe(401);
    const checksBefore = verifyCalls.count;
    const blocked = await signIn(account.email, WRONG);
    expect(blocked.status).toBe(429);
    // Even the right password from an untrusted client is refused now, and no password was checked for either.
    const rightButUntrusted = await signIn(account.email, account.password);
    expect(rightButUntrusted.status).toBe(429);
    expect(rightButUntrusted.body).toEqual({ messages: [accountMessage(15)] });
    expect(verifyCalls.count).toBe(checksBefore);

    const owner = await signIn(account.email, account.password, ownBrowser);
    expect(owner.status).toBe(200);
    expect(owner.body.signedCirrus).toMatchObject({ username: account.username });
    // The owner's sign-in does not lift the block on untrusted clients.
    expect((await signIn(account.email, account.password)).status).toBe(429);
  });

  it('answers 429 with Retry-After and the message in messages[0]', async () => {
    const account = await verifiedAccount();
    for (let i = 0; i < UNTRUSTED_FAILURES; i++) await signIn(account.email, WRONG);
    const res = await signIn(account.email, WRONG);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.body).toEqual({ messages: [accountMessage(15)] });
  });

  it('blocks only the browser that failed 10 times with its device cookie, for an hour', async () => {
    const account = await verifiedAccount();
    const ownBrowser = await knownBrowser(account);
    for (let i = 0; i < DEVICE_FAILURES; i++)
      expect((await signIn(account.email, WRONG, ownBrowser)).status).toBe(401);
    const blocked = await signIn(account.email, account.password, ownBrowser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(blocked.body).toEqual({ messages: [accountMessage(60)] });

    // The account itself is not locked: those failures did not count against it, and another browser signs in.
    const elsewhere = await signIn(account.email, account.password);
    expect(elsewhere.status).toBe(200);
    expect((await signIn(account.email, account.password, deviceCookieOf(elsewhere))).status).toBe(200);
    expect((await signIn(account.email, account.password, ownBrowser)).status).toBe(429);
  });

  it("forgets a browser's failures when it signs in", async () => {
    const account = await verifiedAccount();
    let browser = await knownBrowser(account);
    for (let i = 0; i < DEVICE_FAILURES - 1; i++) await signIn(account.email, WRONG, browser);
    const success = await signIn(account.email, account.password, browser);
    expect(success.status).toBe(200);
    browser = deviceCookieOf(success);
    for (let i = 0; i < DEVICE_FAILURES; i++)
      expect((await signIn(account.email, WRONG, browser)).status).toBe(401);
    expect((await signIn(account.email, WRONG, browser)).status).toBe(429);
  });

  it('counts an unknown email like a registered one, so the answer reveals nothing', async () => {
    const email = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < UNTRUSTED_FAILURES; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    const res = await signIn(email, WRONG);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ messages: [accountMessage(15)] });
    // The email is normalised first: another spelling of it is the same account.
    expect((await signIn(` ${email.toUpperCase()} `, WRONG)).status).toBe(429);
  });

  it("treats another account's or a tampered device cookie as an untrusted client", async () => {
    const [target, other] = [await verifiedAccount(), await verifiedAccount()];
    const othersBrowser = await knownBrowser(other);
    const targetsBrowser = await knownBrowser(target);
    const tampered = targetsBrowser.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (let i = 0; i < UNTRUSTED_FAILURES / 2; i++) {
      expect((await signIn(target.email, WRONG, othersBrowser)).status).toBe(401);
      expect((await signIn(target.email, WRONG, tampered)).status).toBe(401);
    }
    expect((await signIn(target.email, target.password)).status).toBe(429);
    expect((await signIn(target.email, target.password, targetsBrowser)).status).toBe(200);
    expect((await signIn(other.email, other.password, othersBrowser)).status).toBe(200);
  });

  it('counts only failures: successes and an unverified account with the right password do not use the budget', async () => {
    const account = await verifiedAccount();
    for (let i = 0; i < UNTRUSTED_FAILURES + 2; i++)
      expect((await signIn(account.email, account.password)).status).toBe(200);
    const unverified = newAccount();
    await request(h.app).post('/api/cirrus/create').send(unverified);
    for (let i = 0; i < UNTRUSTED_FAILURES + 2; i++)
      expect((await signIn(unverified.email, unverified.password)).status).toBe(403);
    expect((await signIn(unverified.email, WRONG)).status).toBe(401);
    expect((await signIn(account.email, WRONG)).status).toBe(401);
  });

  it('lets only UNTRUSTED_FAILURES guesses through when they arrive all at once', async () => {
    const account = await verifiedAccount();
    const checksBefore = verifyCalls.count;
    const answers = await Promise.all(
      Array.from({ length: 3 * UNTRUSTED_FAILURES }, () => signIn(account.email, WRONG)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(UNTRUSTED_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * UNTRUSTED_FAILURES);
    expect(verifyCalls.count - checksBefore).toBe(UNTRUSTED_FAILURES);
  });

  it('gives a signed-in browser a long-lived, HttpOnly, SameSite=Lax device cookie that names no account', async () => {
    const account = await verifiedAccount();
    const res = await signIn(account.email, account.password);
    const header = deviceSetCookie(res)!;
    expect(header).toMatch(/; Max-Age=31536000;/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/; Secure/);
    expect(header).not.toContain(account.email);
    expect(header).not.toContain(encodeURIComponent(account.email));
    // A failed sign-in sets none.
    expect(deviceSetCookie(await signIn(account.email, WRONG))).toBeUndefined();
  });
}

describe('sign-in throttle (memory limits)', () => signInThrottleSuite(() => memoryLimiters));

describeWithServer('REDIS_URL', 'sign-in throttle (Redis limits)', (url) => {
  const redis = new Redis(url, { lazyConnect: true });
  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());
  signInThrottleSuite(() => redisLimiters(redis));
});

describe('device cookie', () => {
  const secret = 'd'.repeat(32);

  it('is valid only for the email it was issued for, and only with the secret', () => {
    const value = deviceCookieValue(secret, 'ada@example.com');
    const nonce = value.split('.')[0];
    expect(trustedDevice(`a=b; ${DEVICE_COOKIE}=${value}; c=d`, 'ada@example.com', secret)).toBe(nonce);
    expect(trustedDevice(`${DEVICE_COOKIE}=${value}`, 'bob@example.com', secret)).toBeUndefined();
    expect(trustedDevice(`${DEVICE_COOKIE}=${value}`, 'ada@example.com', 'e'.repeat(32))).toBeUndefined();
    expect(trustedDevice(`${DEVICE_COOKIE}=${nonce}.`, 'ada@example.com', secret)).toBeUndefined();
    expect(trustedDevice(undefined, 'ada@example.com', secret)).toBeUndefined();
    // A planted cookie of the same name next to the real one does not hide it.
    expect(trustedDevice(`${DEVICE_COOKIE}=junk; ${DEVICE_COOKIE}=${value}`, 'ada@example.com', secret)).toBe(
      nonce,
    );
  });

  it('is Secure when the app is served over HTTPS', async () => {
    const throttle = signInThrottle({ sessionSecret: secret, secureCookies: true }, memoryLimiters);
    const app = express().post('/', async (req, res) => {
      await (await throttle.begin(req, 'ada@example.com')).signedIn(res);
      res.end();
    });
    const res = await request(app).post('/');
    expect(String(res.headers['set-cookie'])).toMatch(/vellum\.device=.*; Secure/);
  });
});
