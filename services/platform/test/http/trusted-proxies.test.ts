import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import pino from 'pino';
import { clientAddressOf, createHttpApp, isLoopbackPeer, isTrustedProxyEntry, proxyTrust } from '../../src';

const logger = pino({ level: 'silent' });
const fakeReq = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('trusted proxies', () => {
  it('accepts addresses, CIDR ranges and loopback, and refuses anything else', () => {
    for (const entry of ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback'])
      expect(isTrustedProxyEntry(entry)).toBe(true);
    for (const entry of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '', 'uniquelocal', '1.2.3'])
      expect(isTrustedProxyEntry(entry)).toBe(false);
    expect(() => proxyTrust(['nonsense'])).toThrow('nonsense');
  });

  it('trusts exactly the named proxies, IPv4-mapped peers included', () => {
    const trust = proxyTrust(['10.0.0.0/8', 'loopback']);
    expect(trust('10.42.0.7')).toBe(true);
    expect(trust('::ffff:10.42.0.7')).toBe(true);
    expect(trust('127.0.0.1')).toBe(true);
    expect(trust('::1')).toBe(true);
    expect(trust('192.168.0.1')).toBe(false);
    expect(trust('not an address')).toBe(false);
    expect(proxyTrust([])('127.0.0.1')).toBe(false);
  });

  it("takes the client from X-Forwarded-For only through trusted hops, so a client's own claim is ignored", () => {
    const trust = proxyTrust(['10.0.0.0/8']);
    // An untrusted peer (the client itself) claims to be someone else: its socket address wins.
    expect(clientAddressOf(fakeReq('203.0.113.9', '198.51.100.1'), trust)).toBe('203.0.113.9');
    // Through the ingress (trusted): the address the ingress saw; anything the client prepended stays ignored.
    expect(clientAddressOf(fakeReq('10.1.2.3', '198.51.100.1, 203.0.113.9'), trust)).toBe('203.0.113.9');
    expect(clientAddressOf(fakeReq('::ffff:10.1.2.3', '203.0.113.9'), trust)).toBe('203.0.113.9');
    // Loopback is not trusted unless named: the old default trusted every private address.
    expect(clientAddressOf(fakeReq('127.0.0.1', '198.51.100.1'), trust)).toBe('127.0.0.1');
  });

  it('counts only a loopback socket peer as local, whatever the headers say', () => {
    expect(isLoopbackPeer(fakeReq('127.0.0.1'))).toBe(true);
    expect(isLoopbackPeer(fakeReq('::1'))).toBe(true);
    expect(isLoopbackPeer(fakeReq('::ffff:127.0.0.1'))).toBe(true);
    expect(isLoopbackPeer(fakeReq('192.0.2.2', '127.0.0.1'))).toBe(false);
    expect(isLoopbackPeer(fakeReq('10.0.0.1'))).toBe(false);
  });

  it('lets express believe X-Forwarded-For and -Proto only from a trusted proxy', async () => {
    const app = (trustProxy?: ReturnType<typeof proxyTrust>) => {
      const a = createHttpApp({ logger, trustProxy });
      a.get('/who', (req, res) => void res.json({ ip: req.ip, secure: req.secure }));
      return a;
    };
    const forged = { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' };
    const untrusted = await request(app()).get('/who').set(forged);
    expect(untrusted.body).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1$/), secure: false });
    const trusted = await request(app(proxyTrust(['loopback'])))
      .get('/who')
      .set(forged);
    expect(trusted.body).toEqual({ ip: '198.51.100.1', secure: true });
  });

  it('sends HSTS only over HTTPS, never websockets to any host or images over plain http', async () => {
    const a = createHttpApp({
      logger,
      trustProxy: proxyTrust(['loopback']),
      websocketOrigins: ['wss://v.example'],
    });
    a.get('/page', (_req, res) => void res.type('html').send('<p>page</p>'));
    const plain = await request(a).get('/page');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['permissions-policy']).toContain('camera=()');
    const csp = String(plain.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' wss:\/\/v\.example(;|$)/);
    expect(csp).not.toMatch(/connect-src [^;]*\b(ws|wss):(\s|;|$)/);
    expect(csp).not.toMatch(/img-src [^;]*http:/);
    const tls = await request(a).get('/page').set('x-forwarded-proto', 'https');
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
