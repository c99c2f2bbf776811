import { createHmac } from 'node:crypto';
import { sessionCookieName, sessionIdFromCookies } from '../../src';

const secret = 'c'.repeat(32);
const signed = (sid: string, key = secret) =>
  `s:${sid}.${createHmac('sha256', key).update(sid).digest('base64').replace(/=+$/, '')}`;

describe('session cookie', () => {
  it('reads the id from a cookie signed the way express-session signs it', () => {
    const header = `theme=dark; vellum.sid=${encodeURIComponent(signed('abc123'))}; other=1`;
    expect(sessionIdFromCookies(header, secret, 'vellum.sid')).toBe('abc123');
  });

  it('refuses unsigned, wrongly signed and missing cookies', () => {
    expect(sessionIdFromCookies('vellum.sid=abc123', secret, 'vellum.sid')).toBeUndefined();
    expect(
      sessionIdFromCookies(
        `vellum.sid=${encodeURIComponent(signed('abc123', 'z'.repeat(32)))}`,
        secret,
        'vellum.sid',
      ),
    ).toBeUndefined();
    expect(sessionIdFromCookies('other=1', secret, 'vellum.sid')).toBeUndefined();
    expect(sessionIdFromCookies(undefined, secret, 'vellum.sid')).toBeUndefined();
  });

  it('treats a malformed cookie as no session instead of throwing', () => {
    expect(sessionIdFromCookies('vellum.sid=%ZZ', secret, 'vellum.sid')).toBeUndefined();
    expect(sessionIdFromCookies('vellum.sid=%E0%A4%A', secret, 'vellum.sid')).toBeUndefined();
  });
});

describe('the session cookie name', () => {
  it('has the __Host- prefix when the cookie is Secure, and only then', () => {
    expect(sessionCookieName(true)).toBe('__Host-vellum.sid');
    expect(sessionCookieName(false)).toBe('vellum.sid');
  });

  it('is the one the reader looks for: a plain vellum.sid is no session on an https site', () => {
    const value = encodeURIComponent(signed('abc123'));
    expect(sessionIdFromCookies(`__Host-vellum.sid=${value}`, secret, sessionCookieName(true))).toBe(
      'abc123',
    );
    expect(sessionIdFromCookies(`vellum.sid=${value}`, secret, sessionCookieName(true))).toBeUndefined();
  });
});
