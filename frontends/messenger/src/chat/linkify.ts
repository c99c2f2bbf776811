import { isSafeUrl, type UrlProtocol } from '@vellum/proto/editor';

/** A run of a message's text: plain, or a web address shown as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const WEB: readonly UrlProtocol[] = ['http:', 'https:'];
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/giu;
// Sentence punctuation after an address belongs to the sentence, not to the address.
const TRAILING = /[.,;:!?)\]}]+$/u;

/**
 * Splits plain text into text and links: only absolute http(s) addresses that `isSafeUrl` accepts (no hidden
 * characters, credentials or backslashes) become links; everything else, markup included, stays text.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const href = match[0].replace(TRAILING, '');
    if (!isSafeUrl(href, WEB)) continue;
    const at = match.index;
    if (at > from) parts.push({ kind: 'text', text: text.slice(from, at) });
    parts.push({ kind: 'link', text: href, href });
    from = at + href.length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}
