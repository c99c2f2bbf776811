import { z } from 'zod';
import { answerSchema } from './fields';

// What every text search shares (vellums, a conversation's messages): the longest search, its message, and the
// snippet a result carries.

/** Longest text search (ours), in characters after trimming. */
export const TEXT_SEARCH_MAX = 200;

export const searchMessages = {
  tooLong: `Search for at most ${TEXT_SEARCH_MAX} characters.`,
} as const;

/**
 * Where a search found its words: a short passage of the text as plain text, and the found words as ranges of it
 * (UTF-16 offsets as JavaScript indexes strings, `end` excluded). Shown as text, never as markup.
 */
export interface TextSnippet {
  text: string;
  marks: Array<{ start: number; end: number }>;
}

export const snippetMarksSchema = z.array(z.object({ start: z.number().int(), end: z.number().int() }));
export const textSnippetSchema = answerSchema<TextSnippet>()(
  z.object({ text: z.string(), marks: snippetMarksSchema }),
);
