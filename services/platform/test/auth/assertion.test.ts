import express from 'express';
import request from 'supertest';
import { callerFromAssertion, sessionKeyOf, signAssertion, verifyAssertion } from '../../src';

const secret = 'k'.repeat(32);
const caller = { id: '3b6c0d1e-0000-4000-8000-000000000001', username: 'ada' };

describe('signed identity assertion', () => {
  it('round-trips a caller', () => {
    expect(verifyAssertion(signAssertion(caller, secret), secret)).toEqual({ ok: true, caller });
  });

  it("carries the key of the caller's session, never its id, and only when there is one", () => {
    const key = sessionKeyOf('the-session-id', secret);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toBe(sessionKeyOf('the-session-id', secret));
    expect(key).not.toBe(sessionKeyOf('the-session-id', 'x'.repeat(32)));
    expect(key).not.toBe(sessionKeyOf('another-session-id', secret));
    const token = signAssertion({ ...caller, session: key }, secret);
    expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toContain('the-session-id');
    expect(verifyAssertion(token, secret)).toEqual({ ok: true, caller: { ...caller, session: key } });
    expect(verifyAssertion(signAssertion(caller, secret), secret)).toEqual({ ok: true, caller });
  });

  it('refuses another key, a tampered payload, an expired token and garbage', () => {
    const token = signAssertion(caller, secret);
    expect(verifyAssertion(token, 'x'.repeat(32))).toEqual({ ok: false, reason: 'bad signature' });
    const [v, payload, sig] = token.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), usr: 'root' }),
    ).toString('base64url');
    expect(verifyAssertion(`${v}.${tampered}.${sig}`, secret)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const old = signAssertion(caller, secret, { now: Date.now() - 60_000, ttlSeconds: 30 });
    expect(verifyAssertion(old, secret)).toEqual({ ok: false, reason: 'expired assertion' });
    expect(verifyAssertion('nonsense', secret)).toEqual({ ok: false, reason: 'malformed assertion' });
  });

  it('middleware: anonymous without header, 401 with a bad one, the caller with a good one', async () => {
    const app = express();
    app.use(callerFromAssertion(secret));
    app.get('/me', (req, res) => {
      res.json({ caller: req.caller ?? null });
    });
    expect((await request(app).get('/me')).body).toEqual({ caller: null });
    const bad = await request(app)
      .get('/me')
      .set('x-vellum-caller', signAssertion(caller, 'y'.repeat(32)));
    expect(bad.status).toBe(401);
    const good = await request(app).get('/me').set('x-vellum-caller', signAssertion(caller, secret));
    expect(good.body).toEqual({ caller });
  });
});
