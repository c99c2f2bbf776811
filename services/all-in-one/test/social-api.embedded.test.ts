import { socialApiSuite } from '../../social/test/support/social-api.suite';
import { startTestProduct } from './embedded.harness';

describe('social through the gateway, embedded', () => {
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  beforeAll(async () => {
    product = await startTestProduct();
  });
  afterAll(async () => {
    await product.stop();
    product.remove();
  });

  socialApiSuite(() => product.url);
});
