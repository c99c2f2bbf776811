import { PRODUCT_VERSION } from '@vellum/proto';

/** The product's version, as the footer shows it (written once, in proto). */
export const VERSION = PRODUCT_VERSION;
