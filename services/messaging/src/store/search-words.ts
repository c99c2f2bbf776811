import { newStemmer } from 'snowball-stemmers';
import { spellings, type ParsedSearch } from '@vellum/platform';
import type { TextSnippet } from '@vellum/proto';

// A conversation's search where the store has no text search of its own (MongoDB: FerretDB has no `$text`, and
// MongoDB's `$text` has one language per index): each message keeps its words and their stems, the store finds the
// messages holding every word of a search, and this file checks phrases and marks the found words.

const english = newStemmer('english');
const russian = newStemmer('russian');
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/;
const WORD = /[\p{L}\p{N}]+/gu;

/** A lower-cased word's stem: Russian words by the Russian Snowball stemmer, Latin ones by the English one. */
export function stemOf(word: string): string {
  if (CYRILLIC.test(word)) return russian.stem(word);
  return LATIN.test(word) ? english.stem(word) : word;
}

/** A word of a text and where it is (UTF-16 offsets of the text, `end` excluded). */
interface Token {
  word: string;
  start: number;
  end: number;
}

/** The words of a text, lower-cased, where they stand in it (runs of letters and digits, as a search reads them). */
function tokensOf(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** What a message keeps to be found by: its words, lower-cased, and their stems, each once. */
export function indexedWordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const { word } of tokensOf(text)) {
    words.add(word);
    words.add(stemOf(word));
  }
  return [...words];
}

/**
 * One word of a search: found by the stems of its spellings (as typed, and in the other alphabet), or, the last word
 * while one types, by any word or stem that begins with one of its spellings.
 */
export interface WordQuery {
  stems: string[];
  prefixes: string[] | null;
}

export interface WordsQuery {
  parts: Array<{ words: WordQuery[]; phrase: boolean }>;
}

/** A parsed search as the words a message must hold. */
export function wordsQueryOf({ parts, prefixLast }: ParsedSearch): WordsQuery {
  const last = parts.at(-1)!;
  return {
    parts: parts.map((part) => ({
      phrase: part.phrase,
      words: part.words.map((word, i) => {
        const spelled = spellings(word);
        const prefix = prefixLast && part === last && i === part.words.length - 1;
        const stems = [...new Set(spelled.map(stemOf))];
        // As Postgres reads `word:*`: the stem of what is typed begins the word (and what is typed itself).
        return { stems, prefixes: prefix ? [...new Set([...spelled, ...stems])] : null };
      }),
    })),
  };
}

const isWord = (word: string, q: WordQuery): boolean =>
  q.prefixes
    ? q.prefixes.some((p) => word.startsWith(p) || stemOf(word).startsWith(p))
    : q.stems.includes(stemOf(word));

/** Whether every phrase of the query stands in the text, its words one after the other. */
export function phrasesHold(text: string, query: WordsQuery): boolean {
  const phrases = query.parts.filter((part) => part.phrase);
  if (phrases.length === 0) return true;
  const words = tokensOf(text).map((t) => t.word);
  return phrases.every((phrase) =>
    words.some((_, i) => phrase.words.every((q, j) => i + j < words.length && isWord(words[i + j]!, q))),
  );
}

/** Words a snippet shows at most (as `ts_headline`'s MaxWords), and before the first found word. */
const SNIPPET_WORDS = 24;
const WORDS_BEFORE = 8;

/**
 * A short passage of the text around its first found word, as plain text, and the ranges of every found word in it
 * (the marks of `ts_headline` on Postgres: never markup).
 */
export function snippetIn(text: string, query: WordsQuery): TextSnippet {
  const tokens = tokensOf(text);
  const wanted = query.parts.flatMap((part) => part.words);
  const found = tokens.map((t) => wanted.some((q) => isWord(t.word, q)));
  const first = Math.max(found.indexOf(true), 0);
  const from = Math.max(0, Math.min(first - WORDS_BEFORE, tokens.length - SNIPPET_WORDS));
  const to = Math.min(tokens.length, from + SNIPPET_WORDS);
  const start = from === 0 ? 0 : tokens[from]!.start;
  const end = to === tokens.length ? text.length : tokens[to - 1]!.end;
  const marks = tokens
    .slice(from, to)
    .filter((_, i) => found[from + i])
    .map((t) => ({ start: t.start - start, end: t.end - start }));
  return { text: text.slice(start, end), marks };
}
