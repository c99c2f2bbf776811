import { startTestProduct } from '../../all-in-one/test/embedded.harness';
import { vellumApiSuite } from './support/vellum-api.suite';

/** The vellum calls through the gateway of the embedded product (PGlite, in-process bus). */
describe('vellum through the gateway, embedded', () => {
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  beforeAll(async () => {
    product = await startTestProduct();
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    product?.remove();
  });

  vellumApiSuite(() => product.url);
});
