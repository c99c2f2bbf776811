// The version is proto's, the one the gateway serves in /config.json; its subpath carries no schemas.
export { PRODUCT_VERSION } from '@vellum/proto/version';
export const FIRST_YEAR = 2010;
