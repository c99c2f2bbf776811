/**
 * The product's version (spec section 1: the footer shows 24.10.0). The gateway serves it in /config.json and the
 * footer imports it ('@vellum/proto/version'); proto/test/version.test.ts checks the root package.json against it.
 */
export const PRODUCT_VERSION = '24.10.0';
