import { startTestProduct } from '../../all-in-one/test/embedded.harness';
import { actionApiSuite } from './support/action-api.suite';

/** The action calls through the gateway of the embedded product (PGlite, in-process bus). */
describe('actions through the gateway, embedded', () => {
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  beforeAll(async () => {
    product = await startTestProduct();
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    product?.remove();
  });

  actionApiSuite(() => product.url);
});
