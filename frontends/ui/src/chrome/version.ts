// The browser keeps its own copy: importing proto's would pull the shared schemas (and zod) into the welcome page.
// frontends/ui/test/version.test.ts checks it equals proto's PRODUCT_VERSION, the one the gateway serves.
export const PRODUCT_VERSION = '24.10.0';
export const FIRST_YEAR = 2010;
