import { cyrillicToLatin, latinToCyrillic } from '@vellum/proto';

/** At most this many words of a search are used; a longer search still runs, on its first words. */
export const SEARCH_WORDS_MAX = 16;

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/;

/** A quoted phrase (closed or still being typed) or a run of text outside quotes. */
const PART = /"([^"]*)("?)|([^"]+)/g;

interface Part {
  words: string[];
  phrase: boolean;
}

const wordsOf = (text: string) => (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 0);

/** The word as typed and, when it has Russian or Latin letters, its spelling in the other alphabet. */
function spellings(word: string): string[] {
  const other = CYRILLIC.test(word) ? cyrillicToLatin(word) : LATIN.test(word) ? latinToCyrillic(word) : word;
  // The other alphabet's signs and separators (ь as ', т·с) are not letters: only its letters are kept.
  const otherWord = wordsOf(other).join('');
  return otherWord && otherWord !== word ? [word, otherWord] : [word];
}

/**
 * A search as typed, as the text of a `to_tsquery`: every word must be found (by its stem), a quoted phrase as
 * consecutive words, the last word as a prefix unless it closes a phrase; each word may also be found in the other
 * alphabet (transliterated). Only letters and digits of the search reach the query, each one a word between
 * operators this function writes, so no character typed can change the query's meaning. Null when nothing is left
 * to look for.
 */
export function tsqueryOf(search: string): string | null {
  const parts: Part[] = [];
  let closedLast = false;
  let count = 0;
  for (const match of search.matchAll(PART)) {
    const phrase = match[1] !== undefined;
    const words = wordsOf(phrase ? match[1]! : match[3]!).slice(0, SEARCH_WORDS_MAX - count);
    count += words.length;
    if (words.length === 0) continue;
    // A phrase of one word is that word; `closedLast` says whether the last part ended with its closing quote.
    parts.push({ words, phrase: phrase && words.length > 1 });
    closedLast = phrase && match[2] === '"';
  }
  if (parts.length === 0) return null;
  const last = parts.at(-1)!;
  const terms = parts.flatMap((part) => {
    // Prefix matching as one types: the last word, unless a closing quote ended the search.
    const star = (i: number) => (part === last && !closedLast && i === part.words.length - 1 ? ':*' : '');
    if (part.phrase) {
      const asTyped = part.words.map((w, i) => w + star(i)).join(' <-> ');
      const other = part.words.map((w, i) => (spellings(w)[1] ?? w) + star(i)).join(' <-> ');
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
