import { MARK_END, MARK_START, snippetOf } from '@vellum/platform';
import type { TextSnippet } from '@vellum/proto';

/** The options of `ts_headline` for a title: the whole title, its found words marked. */
export const TITLE_HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/**
 * The found words of a title, from its headline (TITLE_HEADLINE_OPTIONS): none unless the headline is the title
 * itself once unmarked, so a range never points into other text.
 */
export function titleMarksOf(title: string, headline: string): TextSnippet['marks'] {
  const { text, marks } = snippetOf(headline);
  return text === title ? marks : [];
}
