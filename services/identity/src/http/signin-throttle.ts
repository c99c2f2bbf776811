import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Limiter, LimiterFactory } from '@vellum/platform';

/**
 * Per-account sign-in throttle with device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").
 * A browser that signed in to an account before carries a device cookie for it: its failures count against that
 * browser alone. Every other attempt comes from an untrusted client and counts against the account, whatever its
 * address. So guessing one account's password from many addresses is bounded, and an attacker who exhausts the
 * untrusted budget does not lock the owner out of the browser they usually sign in from.
 */
export const DEVICE_COOKIE = 'vellum.device';

/** A year: a browser stays known while its owner uses it; every successful sign-in gives it a fresh cookie. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/**
 * Failed sign-ins per account from untrusted clients: 10 per 15-minute window, so at most 40 guesses an hour at one
 * account however many addresses an attacker spreads them over (the issue asks for well under 100 an hour). Ten is
 * more than a person mistyping a password makes in a row, and 15 minutes is as long as someone on a new browser
 * waits once an attack has used the budget up; the owner's usual browser is not held up at all.
 */
export const UNTRUSTED_FAILURES = 10;
export const UNTRUSTED_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins per known browser: 10 within an hour block that browser (only) for an hour; a success forgets
 * them. Someone at the owner's unlocked browser gets 10 guesses an hour, not more.
 */
export const DEVICE_FAILURES = 10;
export const DEVICE_WINDOW_SECONDS = 3600;
export const DEVICE_BLOCK_SECONDS = 3600;

export function tooManySignIns(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins for this account. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

export interface SignInAttempt {
  /** False when the throttle refused the attempt; no password was checked. */
  allowed: boolean;
  retryAfterSeconds: number;
  /** The password matched but no session started (unverified email, a store error): the attempt does not count. */
  notAFailure(): Promise<void>;
  /** Signed in: forget this browser's failures and give it a fresh device cookie for the account. */
  signedIn(res: Response): Promise<void>;
}

interface ThrottleConfig {
  sessionSecret: string;
  secureCookies: boolean;
}

const NONCE_BYTES = 16;

const mac = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret).update(`vellum.device\n${email}\n${nonce}`).digest('base64url');

/** `<nonce>.<HMAC(nonce, email)>`: names no account, and is worth nothing for another email. */
export function deviceCookieValue(secret: string, email: string, nonce = randomBytes(NONCE_BYTES)): string {
  const id = nonce.toString('base64url');
  return `${id}.${mac(secret, email, id)}`;
}

/** The nonce of a device cookie in `cookieHeader` that is valid for `email`, if any. */
export function trustedDevice(
  cookieHeader: string | undefined,
  email: string,
  secret: string,
): string | undefined {
  if (!cookieHeader) return undefined;
  // Another site on the same host name can plant cookies too; only a valid signature counts.
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [nonce, given] = value.split('.', 2);
    if (!nonce || !given || nonce.length !== Math.ceil((NONCE_BYTES * 4) / 3)) continue;
    const expected = Buffer.from(mac(secret, email, nonce));
    const actual = Buffer.from(given);
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return nonce;
  }
  return undefined;
}

/** The account's key: a hash, so the store holds no email addresses. */
const accountKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/**
 * Counts only failures, and checks before the password is: `begin` takes one point up front (atomic, so parallel
 * guesses cannot all slip past a check) and answers whether the attempt may go on; an attempt that turns out not
 * to be a failure gives its point back.
 */
export function signInThrottle(config: ThrottleConfig, limiters: LimiterFactory) {
  const untrusted = limiters({
    keyPrefix: 'identity:signin:account',
    points: UNTRUSTED_FAILURES,
    durationSeconds: UNTRUSTED_WINDOW_SECONDS,
  });
  const devices = limiters({
    keyPrefix: 'identity:signin:device',
    points: DEVICE_FAILURES,
    durationSeconds: DEVICE_WINDOW_SECONDS,
    blockSeconds: DEVICE_BLOCK_SECONDS,
  });

  const issueDeviceCookie = (res: Response, email: string) =>
    res.cookie(DEVICE_COOKIE, deviceCookieValue(config.sessionSecret, email), {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });

  return {
    /** `email` as the sign-in schema gives it: trimmed and lower-cased. */
    async begin(req: Request, email: string): Promise<SignInAttempt> {
      const device = trustedDevice(req.headers.cookie, email, config.sessionSecret);
      const [limiter, key]: [Limiter, string] = device ? [devices, device] : [untrusted, accountKey(email)];
      const decision = await limiter.consume(key);
      return {
        allowed: decision.allowed,
        retryAfterSeconds: decision.retryAfterSeconds,
        notAFailure: () => limiter.refund(key),
        async signedIn(res) {
          await (device ? devices.reset(device) : untrusted.refund(key));
          issueDeviceCookie(res, email);
        },
      };
    },
  };
}
