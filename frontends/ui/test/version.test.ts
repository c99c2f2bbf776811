import { PRODUCT_VERSION as protoVersion } from '@vellum/proto';
import { PRODUCT_VERSION } from '../src/chrome/version';

describe('the version the footer shows', () => {
  it("is proto's, the one the gateway serves in /config.json", () => {
    expect(PRODUCT_VERSION).toBe(protoVersion);
  });
});
