/**
 * The product's version (spec section 1: the footer shows 24.10.0): the one place it is written. The gateway serves
 * it in /config.json, the footer shows it, and the root package.json carries the same (proto/test checks).
 */
export const PRODUCT_VERSION = '24.10.0';
