import { newAccount, TestClient, verifiedAccount } from '@vellum/platform/test-support';
import { identityApiSuite } from '@vellum/identity/test-support';
import { describeEmbedded, startTestProduct } from './embedded.harness';

describeEmbedded('identity through the gateway, embedded', (url) => identityApiSuite(url));

// Two starts of the whole product (every service's migrations on PGlite) and a sign-up: seconds alone, over a minute
// beside the other lane's browsers and fault drills (a CI run took 80 s): the time limit only ends a stalled run.
const TWO_STARTS_MS = 180_000;

describe('embedded mode', () => {
  it(
    'keeps accounts when the process stops and starts again',
    async () => {
      const first = await startTestProduct();
      const account = await verifiedAccount(first.url);
      await first.stop();
      const second = await startTestProduct({}, first.dataDir);
      try {
        const res = await new TestClient(second.url).post('/api/signin', {
          email: account.email,
          password: account.password,
        });
        expect(res.status).toBe(200);
      } finally {
        await second.stop();
        second.remove();
      }
    },
    TWO_STARTS_MS,
  );

  it('rate-limits sign-in, sign-up, verification and reset calls with 429 and a message', async () => {
    const product = await startTestProduct({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const c = new TestClient(product.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await c.post('/api/signin', { email: 'x@example.com', password: 'whatever-1' })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await c.post('/api/signin', { email: 'x@example.com', password: 'whatever-1' });
      // One body, in sign-in's own shape (the sign-in modal shows messages[0]).
      expect(limited.body).toEqual({
        messages: ['Too many attempts. Please wait a minute and try again.'],
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Each family of calls has its own budget; sign-up still works.
      expect((await c.post('/api/cirrus/create', newAccount())).status).toBe(201);
      // Reading is never limited.
      expect((await c.get('/api/sc')).status).toBe(200);
    } finally {
      await product.stop();
      product.remove();
    }
  });
});
