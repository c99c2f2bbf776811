export const PRODUCT_VERSION = '24.10.0';
export const FIRST_YEAR = 2010;
