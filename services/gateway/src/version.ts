/** The product's version, as the footer shows it. */
export const VERSION = '24.10.0';
