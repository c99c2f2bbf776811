import { MAX_URL_LENGTH } from './limits';

export type UrlProtocol = 'http:' | 'https:' | 'mailto:';

/** Links may open web pages and mail; images load over the web only. */
export const LINK_PROTOCOLS: readonly UrlProtocol[] = ['http:', 'https:', 'mailto:'];
export const IMAGE_PROTOCOLS: readonly UrlProtocol[] = ['http:', 'https:'];

// Whitespace, control and invisible format characters: browsers drop some of them while parsing a URL, which is
// how `java\tscript:` or `java\u200bscript:` slip past a naive prefix check. Any of them refuses the URL.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/u;
const EXPLICIT_SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * True when `value` is an absolute URL with one of `protocols`, written plainly: no relative or
 * protocol-relative forms, no hidden characters, no backslashes, no credentials, a host for web URLs.
 */
export function isSafeUrl(value: unknown, protocols: readonly UrlProtocol[]): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (INVISIBLE.test(value) || value.includes('\\')) return false;
  const scheme = EXPLICIT_SCHEME.exec(value);
  if (!scheme || !protocols.includes(`${scheme[1]!.toLowerCase()}:` as UrlProtocol)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!protocols.includes(url.protocol as UrlProtocol)) return false;
  if (url.protocol === 'mailto:') return url.pathname.length > 0;
  return url.hostname.length > 0 && url.username === '' && url.password === '' && value.includes('//');
}
