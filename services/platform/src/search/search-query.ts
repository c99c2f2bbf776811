import { cyrillicToLatin, latinToCyrillic } from '@vellum/proto';

/** At most this many words of a search are used; a longer search still runs, on its first words. */
export const SEARCH_WORDS_MAX = 16;

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/;

/** A quoted phrase (closed or still being typed) or a run of text outside quotes. */
const PART = /"([^"]*)("?)|([^"]+)/g;

/** Words to find: each one alone, or (a phrase) one after the other. */
export interface SearchPart {
  /** Lower-cased, letters and digits only. */
  words: string[];
  phrase: boolean;
}

/**
 * A search as typed, read as words: every word must be found (by its stem), a quoted phrase as consecutive words,
 * and the last word as a prefix (`prefixLast`) unless a closing quote ended the search. Whatever store answers it,
 * only these words reach its query.
 */
export interface ParsedSearch {
  parts: SearchPart[];
  prefixLast: boolean;
}

/** The words of a text, lower-cased: runs of letters and digits; anything else only separates them. */
export const searchWordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** The word as typed and, when it has Russian or Latin letters, its spelling in the other alphabet. */
export function spellings(word: string): string[] {
  const other = CYRILLIC.test(word) ? cyrillicToLatin(word) : LATIN.test(word) ? latinToCyrillic(word) : word;
  // The other alphabet's signs and separators (ь as ', т·с) are not letters: only its letters are kept.
  const otherWord = searchWordsOf(other).join('');
  return otherWord && otherWord !== word ? [word, otherWord] : [word];
}

/** The words of a search (at most SEARCH_WORDS_MAX of them); null when it has none (no letters or digits). */
export function parseSearch(search: string): ParsedSearch | null {
  const parts: SearchPart[] = [];
  let closedLast = false;
  let count = 0;
  for (const match of search.matchAll(PART)) {
    const phrase = match[1] !== undefined;
    const words = searchWordsOf(phrase ? match[1]! : match[3]!).slice(0, SEARCH_WORDS_MAX - count);
    count += words.length;
    if (words.length === 0) continue;
    // A phrase of one word is that word; `closedLast` says whether the last part ended with its closing quote.
    parts.push({ words, phrase: phrase && words.length > 1 });
    closedLast = phrase && match[2] === '"';
  }
  return parts.length === 0 ? null : { parts, prefixLast: !closedLast };
}

/**
 * A parsed search as the text of a `to_tsquery`: each word (and its other spelling) by its stem, a phrase with
 * `<->`, the last word with `:*` when it is a prefix. Only letters and digits of the search reach the query, each
 * one a word between operators this function writes, so no character typed can change the query's meaning.
 */
export function tsqueryText(parsed: ParsedSearch): string {
  return queryText(parsed, ' <-> ');
}

/** `tsqueryText` with each phrase's words joined by `join` (`<->`: in order; `&`: anywhere). */
function queryText({ parts, prefixLast }: ParsedSearch, join: string): string {
  const last = parts.at(-1)!;
  const terms = parts.flatMap((part) => {
    const star = (i: number) => (prefixLast && part === last && i === part.words.length - 1 ? ':*' : '');
    if (part.phrase) {
      const asTyped = part.words.map((w, i) => w + star(i)).join(join);
      const other = part.words.map((w, i) => (spellings(w)[1] ?? w) + star(i)).join(join);
      return [other === asTyped ? `(${asTyped})` : `(${asTyped} | ${other})`];
    }
    return part.words.map(
      (word, i) =>
        `(${spellings(word)
          .map((w) => w + star(i))
          .join(' | ')})`,
    );
  });
  return terms.join(' & ');
}

/**
 * The search's words without the order its phrases ask for: each phrase's words anywhere, a spelling's words together
 * (`(quick & fox | qуиcк & фоx)`, so that a stop word the configuration drops from one spelling drops as it does from
 * the phrase). It matches whatever the search does and more, and an index answers it without reading the words'
 * positions. Null when the search has no phrase (it is its own words query then).
 */
export function tsqueryWordsText(parsed: ParsedSearch): string | null {
  return parsed.parts.some((part) => part.phrase) ? queryText(parsed, ' & ') : null;
}

/** A search as typed, as the text of a `to_tsquery` (`tsqueryText`); null when nothing is left to look for. */
export function tsqueryOf(search: string): string | null {
  const parsed = parseSearch(search);
  return parsed && tsqueryText(parsed);
}

/**
 * The SQL of the query over `param` (a `to_tsquery` text, a parameter: never SQL), by the English and the Russian
 * configurations, against a `tsvector` of both (`to_tsvector('english', …) || to_tsvector('russian', …)`). Written
 * out where it is used (not a CTE's column): to_tsquery with its configuration is immutable, so the planner folds
 * this into a constant, estimates its matches and uses the index. English and Russian read Latin words alike: one
 * query then, not the same one twice.
 */
export const tsquerySql = (param: string): string =>
  `(CASE WHEN to_tsquery('english', ${param}) = to_tsquery('russian', ${param}) THEN to_tsquery('english', ${param})
      ELSE to_tsquery('english', ${param}) || to_tsquery('russian', ${param}) END)`;
