import type { VellumSnippet } from '@vellum/proto';

/**
 * What `ts_headline` marks the found words with. A vellum's text and title cannot hold control characters (the
 * validator refuses them but tab, line feed and carriage return), so these two never come from a document.
 */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

/** The options of `ts_headline`: a short passage around the found words, marked with MARK_START and MARK_END. */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/** The options of `ts_headline` for a title: the whole title, its found words marked. */
export const TITLE_HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/** A headline as plain text and the ranges (UTF-16 offsets, end excluded) of its marked words: never markup. */
export function snippetOf(headline: string): VellumSnippet {
  let text = '';
  let start: number | undefined;
  const marks: VellumSnippet['marks'] = [];
  for (const ch of headline) {
    if (ch === MARK_START) start = text.length;
    else if (ch === MARK_END) {
      if (start !== undefined && text.length > start) marks.push({ start, end: text.length });
      start = undefined;
    } else text += ch;
  }
  return { text, marks };
}

/**
 * The found words of a title, from its headline (TITLE_HEADLINE_OPTIONS): none unless the headline is the title
 * itself once unmarked, so a range never points into other text.
 */
export function titleMarksOf(title: string, headline: string): VellumSnippet['marks'] {
  const { text, marks } = snippetOf(headline);
  return text === title ? marks : [];
}
