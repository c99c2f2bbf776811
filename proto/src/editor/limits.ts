/** Limits of a vellum (spec section 9, and ours where the spec is silent). */
export const VELLUM_TITLE_MAX = 92;
/** Largest document, measured as the UTF-8 bytes of its JSON text. */
export const MAX_DOCUMENT_BYTES = 512 * 1024;
/** Deepest nesting of nodes (doc = 1); allows about 18 levels of nested lists. */
export const MAX_DOCUMENT_DEPTH = 40;
/** Heading levels offered by the toolbar. */
export const HEADING_LEVELS = [1, 2, 3] as const;
/** Length of a video identifier (spec section 9). */
export const VIDEO_ID_LENGTH = 11;
/** Longest URL in a link, image or video. */
export const MAX_URL_LENGTH = 2048;
