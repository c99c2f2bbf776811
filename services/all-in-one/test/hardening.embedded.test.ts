import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '@vellum/platform';
import { TestClient, verifiedAccount } from '@vellum/platform/test-support';
import { embeddedEnv } from '../src/config';
import { startEmbedded, type Embedded } from '../src/embedded';

// Issue 12 as `npm start` runs: the embedded product must not hand the dev mailbox (and with it every reset link) to
// the network, must not let another site sign anyone out, and must not leak personal answers into caches.

async function start(env: Record<string, string> = {}): Promise<Embedded & { remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vellum-hardening-'));
  const product = await startEmbedded(
    parseConfig(embeddedEnv, { PORT: '0', METRICS_PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }),
  );
  return Object.assign(product, { remove: () => rmSync(dir, { recursive: true, force: true }) });
}

describe('embedded mode, hardened', () => {
  let product: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    product = await start({ DEV_MAILBOX: 'on' });
  }, 60_000);
  afterAll(async () => {
    await product.stop();
    product.remove();
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(parseConfig(embeddedEnv, {}).HOST).toBe('127.0.0.1');
    expect((product.server.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('answers the dev mailbox to this machine only, never on the word of a forwarded header', async () => {
    const client = new TestClient(product.url);
    expect((await client.get('/dev/mailbox')).status).toBe(200);
    const pretend = (socket: Socket) =>
      Object.defineProperty(socket, 'remoteAddress', { value: '192.0.2.50', configurable: true });
    product.server.prependListener('connection', pretend);
    try {
      const remote = await new TestClient(product.url).get('/dev/mailbox', {
        'x-forwarded-for': '127.0.0.1',
        'x-real-ip': '127.0.0.1',
      });
      expect(remote.status).toBe(404);
    } finally {
      product.server.off('connection', pretend);
    }
  });

  it('refuses a sign-out another site started, and signs out on its own GET and on POST', async () => {
    const account = await verifiedAccount(product.url);
    const browser = new TestClient(product.url);
    const signIn = () => browser.post('/api/signin', { email: account.email, password: account.password });
    expect((await signIn()).status).toBe(200);
    const signedIn = async () =>
      Boolean((await browser.get<{ signedCirrus: unknown }>('/api/sc')).body.signedCirrus);

    for (const site of ['cross-site', 'same-site']) {
      const refused = await browser.get('/api/signout', { 'sec-fetch-site': site });
      expect(refused.status).toBe(403);
      expect(await signedIn()).toBe(true);
    }
    // Issue 23, defect 5: a same-origin <img src=/api/signout> (a profile image, an image in a vellum) signed every
    // viewer out. Only a page navigation signs out with GET; the app itself posts.
    for (const [dest, mode] of [
      ['image', 'no-cors'],
      ['script', 'no-cors'],
      ['empty', 'cors'],
      ['empty', 'same-origin'],
    ]) {
      const headers = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest!, 'sec-fetch-mode': mode! };
      const refused = await browser.get<{ error: string }>('/api/signout', headers);
      expect([dest, mode, refused.status]).toEqual([dest, mode, 403]);
      expect(refused.body.error).toBe(
        "Sign out with Vellum's Sign Out button: this request cannot sign you out.",
      );
      expect(await signedIn()).toBe(true);
    }
    expect((await browser.navigate('/api/signout')).status).toBe(200);
    expect(await signedIn()).toBe(false);

    expect((await signIn()).status).toBe(200);
    expect((await browser.post('/api/signout', {})).status).toBe(200);
    expect(await signedIn()).toBe(false);
  });

  it('keeps personal answers out of caches and does not name its framework', async () => {
    const account = await verifiedAccount(product.url);
    const browser = new TestClient(product.url);
    await browser.post('/api/signin', { email: account.email, password: account.password });
    for (const p of [
      '/api/sc',
      '/api/user',
      `/api/cirrus/${account.username}`,
      `/api/cirrus/${account.username}/followers`,
      `/api/cirrus/${account.username}/actions`,
      `/api/cirrus/${account.username}/vellums`,
    ]) {
      const res = await browser.get(p);
      expect([p, res.status]).toEqual([p, 200]);
      expect([p, res.headers.get('cache-control')]).toEqual([p, 'no-store']);
      expect([p, res.headers.get('x-powered-by')]).toEqual([p, null]);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    }
  });
});

describe('the dev mailbox is served only when turned on by name', () => {
  it('is off by default', async () => {
    expect(parseConfig(embeddedEnv, {}).DEV_MAILBOX).toBe(false);
    const product = await start();
    try {
      expect((await new TestClient(product.url).get('/dev/mailbox')).status).toBe(404);
    } finally {
      await product.stop();
      product.remove();
    }
  });

  it('is refused in production, where it would hand out reset links', () => {
    expect(() => parseConfig(embeddedEnv, { NODE_ENV: 'production', DEV_MAILBOX: 'on' })).toThrow(
      'Environment variable DEV_MAILBOX is invalid (is refused with NODE_ENV=production).',
    );
    expect(() => parseConfig(embeddedEnv, { DEV_MAILBOX: 'yes' })).toThrow('DEV_MAILBOX');
  });

  it('does not exist with a mailer configured, even when turned on', async () => {
    const product = await start({ SMTP_URL: 'smtp://127.0.0.1:1', DEV_MAILBOX: 'on' });
    try {
      expect((await new TestClient(product.url).get('/dev/mailbox')).status).toBe(404);
    } finally {
      await product.stop();
      product.remove();
    }
  });
});
