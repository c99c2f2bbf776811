import { TestClient, verifiedAccount } from '@vellum/platform/test-support';
import { sessionsApiSuite } from '@vellum/identity/test-support';
import { describeEmbedded, startTestProduct } from './embedded.harness';

describeEmbedded("one's own sessions and password through the gateway, embedded", (url) =>
  sessionsApiSuite(url),
);

describe('the password change, embedded', () => {
  it("shares sign-in's limit per client address", async () => {
    const product = await startTestProduct({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const account = await verifiedAccount(product.url);
      const client = new TestClient(product.url);
      expect((await client.post('/api/signin', account)).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await client.post('/api/password', { currentPassword: 'wrong-one', password: 'Whatever-Long-1' }))
            .status,
        );
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await product.stop();
      product.remove();
    }
  });
});
