/**
 * The product's version (spec section 1: the footer shows 24.10.0). The gateway serves it in /config.json; the root
 * package.json (proto/test/version.test.ts) and the footer's copy in @vellum/ui (frontends/ui/test/version.test.ts)
 * are checked against it.
 */
export const PRODUCT_VERSION = '24.10.0';
