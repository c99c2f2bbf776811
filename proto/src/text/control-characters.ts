// The one definition of a control character for text that enters Vellum (request fields, vellum documents, the
// addresses services are called on). Postgres refuses U+0000 in text and jsonb, so a NUL that reached it was a
// 500; the other controls are invisible and have no place in a name, an address or a title. Refusing them where
// text enters keeps them out of the stores, the events and the pages.

/** Control characters: the C0 controls U+0000 to U+001F and DEL U+007F (the C1 range is left to each field). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const EVERY_CONTROL_BUT_NUL =
  Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('') + '\u007f';

/**
 * Which control characters a kind of text keeps; every other one is refused. NUL is never kept.
 * - `singleLine`: none. Names, usernames, emails, passwords, tokens, titles, searches, addresses.
 * - `tabsAndLineFeeds`: tab and line feed (action text, as it always allowed).
 * - `multiLine`: tab, line feed and carriage return: text with lines (a vellum's text, where a code block keeps
 *   tabs and pasted CRLF line ends).
 * - `allButNul`: every control but NUL, for checking a password against one set before the rule existed.
 */
export const CONTROL_CHARACTERS = {
  singleLine: '',
  tabsAndLineFeeds: '\t\n',
  multiLine: '\t\n\r',
  allButNul: EVERY_CONTROL_BUT_NUL,
} as const;

/** True when `text` holds a control character other than those in `kept` (see CONTROL_CHARACTERS). */
export function hasControlCharacter(text: string, kept: string = CONTROL_CHARACTERS.singleLine): boolean {
  if (!CONTROL_CHARACTER.test(text)) return false;
  if (kept === '') return true;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !kept.includes(char)) return true;
  }
  return false;
}
