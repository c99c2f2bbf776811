import { createHmac } from 'node:crypto';
import { sessionIdFromCookies } from '../../src';

const secret = 'c'.repeat(32);
const signed = (sid: string, key = secret) =>
  `s:${sid}.${createHmac('sha256', key).update(sid).digest('base64').replace(/=+$/, '')}`;

describe('session cookie', () => {
  it('reads the id from a cookie signed the way express-session signs it', () => {
    const header = `theme=dark; vellum.sid=${encodeURIComponent(signed('abc123'))}; other=1`;
    expect(sessionIdFromCookies(header, secret)).toBe('abc123');
  });

  it('refuses unsigned, wrongly signed and missing cookies', () => {
    expect(sessionIdFromCookies('vellum.sid=abc123', secret)).toBeUndefined();
    expect(
      sessionIdFromCookies(`vellum.sid=${encodeURIComponent(signed('abc123', 'z'.repeat(32)))}`, secret),
    ).toBeUndefined();
    expect(sessionIdFromCookies('other=1', secret)).toBeUndefined();
    expect(sessionIdFromCookies(undefined, secret)).toBeUndefined();
  });

  it('treats a malformed cookie as no session instead of throwing', () => {
    expect(sessionIdFromCookies('vellum.sid=%ZZ', secret)).toBeUndefined();
    expect(sessionIdFromCookies('vellum.sid=%E0%A4%A', secret)).toBeUndefined();
  });
});
