export { PRODUCT_VERSION } from '@vellum/proto';
export const FIRST_YEAR = 2010;
