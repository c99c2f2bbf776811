import type { TextSnippet } from '@vellum/proto';

/**
 * What `ts_headline` marks the found words with. A searched text (a vellum's, a message's) cannot hold control
 * characters (the validators refuse them but tab, line feed and carriage return), so these two never come from it.
 */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

/** The options of `ts_headline`: a short passage around the found words, marked with MARK_START and MARK_END. */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/** A headline as plain text and the ranges (UTF-16 offsets, end excluded) of its marked words: never markup. */
export function snippetOf(headline: string): TextSnippet {
  let text = '';
  let start: number | undefined;
  const marks: TextSnippet['marks'] = [];
  for (const ch of headline) {
    if (ch === MARK_START) start = text.length;
    else if (ch === MARK_END) {
      if (start !== undefined && text.length > start) marks.push({ start, end: text.length });
      start = undefined;
    } else text += ch;
  }
  return { text, marks };
}
