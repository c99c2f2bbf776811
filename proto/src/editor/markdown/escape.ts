/** Writing text so that Markdown reads it back as the same characters. */

/** A character as a numeric character reference: read back as the character, written with punctuation only. */
export const entityOf = (char: string) => `&#${char.codePointAt(0)};`;

// Always escaped: emphasis, code, links, HTML and autolinks, strikethrough, table pipes, the escape itself.
const ALWAYS = /[\\*_`[\]<~|]/g;
// In a heading also `#`, which would close it.
const HEADING_ALWAYS = /[\\*_`[\]<~|#]/g;
// `&` only where it would start a character reference.
const ENTITY_START = /&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)/g;
// Line breaks and other whitespace that Markdown would fold or take as structure.
const LINE_BREAKS = /[\n\r]/g;

/** Text in a paragraph, heading or cell, anywhere in the line: significant punctuation escaped, line breaks kept. */
export function escapeInline(text: string, options: { heading?: boolean } = {}): string {
  return text
    .replace(options.heading ? HEADING_ALWAYS : ALWAYS, (c) => `\\${c}`)
    .replace(ENTITY_START, '\\&')
    .replace(LINE_BREAKS, entityOf);
}

const LINE_START_MARK = /^([#>+=-])/;
const ORDERED_MARKER = /^(\d{1,9})([.)])/;
const EDGE_SPACE = /^\s+|\s+$/g;

/**
 * The start and end of a line of text: what would open a heading, quote, list or setext underline is escaped, and
 * spaces or tabs at either edge (which Markdown trims, or reads as indented code) become character references.
 */
export function escapeLineEdges(line: string): string {
  return line
    .replace(EDGE_SPACE, (spaces) => [...spaces].map(entityOf).join(''))
    .replace(LINE_START_MARK, '\\$1')
    .replace(ORDERED_MARKER, '$1\\$2');
}

/** A link or image address between parentheses: as written, with what would end or change it escaped. */
export const escapeUrl = (url: string) =>
  url.replace(/[\\()<>\s]/g, (c) => (/\s/.test(c) ? entityOf(c) : `\\${c}`)).replace(ENTITY_START, '\\&');

/** A link or image title between double quotes. */
export const escapeTitle = (title: string) =>
  title
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(ENTITY_START, '\\&')
    .replace(/[\n\r\t]/g, entityOf);
