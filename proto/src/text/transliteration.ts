/**
 * Russian transliteration in both directions with one phonetic scheme.
 *
 * Letters: а a, б b, в v, г g, д d, е e, ё yo, ж zh, з z, и i, й j, к k, л l, м m, н n, о o, п p, р r,
 * с s, т t, у u, ф f, х kh, ц ts, ч ch, ш sh, щ shch, ъ ", ы y, ь ', э e', ю yu, я ya.
 * Also read from Latin: 'ye' as е, "ye'" as э and a lone 'h' as х. A lone 'c' is not a letter of the
 * scheme and stays Latin until an 'h' makes it ч.
 *
 * Where two letters written one after the other would read as another letter (т + с is 'ts', which is
 * ц), the Latin side puts a middle dot between them, as the BGN/PCGN romanisation does: 'uchit·sya'.
 * Reading Latin, a middle dot before a letter only keeps the letters apart and is dropped.
 *
 * Case: a Cyrillic capital is written with a capital first Latin letter ('Shch'), or all in capitals
 * inside a word in capitals ('SHCHI'); reading Latin, a letter is a capital when its first Latin letter
 * is one. The signs have no Latin case, so reading Latin they take the case of the word around them.
 */

export const SEPARATOR = '·';

export type Direction = 'latin-to-cyrillic' | 'cyrillic-to-latin';

/** The 33 letters of the Russian alphabet in order, each with its Latin spelling. */
export const RUSSIAN_ALPHABET: ReadonlyArray<{ readonly cyrillic: string; readonly latin: string }> = (
  [
    ['а', 'a'],
    ['б', 'b'],
    ['в', 'v'],
    ['г', 'g'],
    ['д', 'd'],
    ['е', 'e'],
    ['ё', 'yo'],
    ['ж', 'zh'],
    ['з', 'z'],
    ['и', 'i'],
    ['й', 'j'],
    ['к', 'k'],
    ['л', 'l'],
    ['м', 'm'],
    ['н', 'n'],
    ['о', 'o'],
    ['п', 'p'],
    ['р', 'r'],
    ['с', 's'],
    ['т', 't'],
    ['у', 'u'],
    ['ф', 'f'],
    ['х', 'kh'],
    ['ц', 'ts'],
    ['ч', 'ch'],
    ['ш', 'sh'],
    ['щ', 'shch'],
    ['ъ', '"'],
    ['ы', 'y'],
    ['ь', "'"],
    ['э', "e'"],
    ['ю', 'yu'],
    ['я', 'ya'],
  ] as const
).map(([cyrillic, latin]) => ({ cyrillic, latin }));

const LATIN_OF = new Map(RUSSIAN_ALPHABET.map(({ cyrillic, latin }) => [cyrillic, latin]));
/** The canonical Latin spellings, as written by cyrillicToLatin. */
const CANONICAL = new Map(RUSSIAN_ALPHABET.map(({ cyrillic, latin }) => [latin, cyrillic]));
/** Everything read from Latin: the canonical spellings and the accepted alternatives. */
const TOKENS = new Map<string, string>([...CANONICAL, ['ye', 'е'], ["ye'", 'э'], ['h', 'х']]);
const LONGEST_TOKEN = Math.max(...[...TOKENS.keys()].map((token) => token.length));
const SIGNS = new Set(['ъ', 'ь']);

const isCyrillicLetter = (ch: string | undefined): ch is string =>
  ch !== undefined && LATIN_OF.has(ch.toLowerCase());
const isUpper = (ch: string | undefined): boolean =>
  ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const isLetter = (ch: string | undefined): boolean => ch !== undefined && /\p{L}/u.test(ch);
const isSign = (ch: string | undefined): boolean => ch !== undefined && SIGNS.has(ch.toLowerCase());

/** The longest token at position i of a Latin text, if any. */
function tokenAt(text: string, i: number): { cyrillic: string; length: number } | undefined {
  for (let length = Math.min(LONGEST_TOKEN, text.length - i); length >= 1; length--) {
    const cyrillic = TOKENS.get(text.slice(i, i + length).toLowerCase());
    if (cyrillic !== undefined) return { cyrillic, length };
  }
  return undefined;
}

/**
 * The case of a sign read from Latin: a capital between capitals ('OB"EKT'); at the end of a word, a
 * capital after a capital that does not follow a small letter ('MAT'').
 */
function caseSign(sign: string, prev?: string, beforePrev?: string, next?: string): string {
  const small = sign.toLowerCase();
  if (!isCyrillicLetter(prev) || !isUpper(prev)) return small;
  if (isCyrillicLetter(next) && !isSign(next)) return isUpper(next) ? small.toUpperCase() : small;
  return isCyrillicLetter(beforePrev) && !isUpper(beforePrev) ? small : small.toUpperCase();
}

/** A letter read from Latin is a capital when the first Latin letter of its spelling is one. */
const withCaseOf = (cyrillic: string, firstLatin: string): string =>
  isUpper(firstLatin) ? cyrillic.toUpperCase() : cyrillic;

/** Latin to Cyrillic, reading the longest spelling first. */
export function latinToCyrillic(text: string): string {
  const out: string[] = [];
  const signs: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === SEPARATOR) {
      if (!tokenAt(text, i + 1)) out.push(ch);
      i += 1;
      continue;
    }
    const token = tokenAt(text, i);
    if (!token) {
      out.push(ch);
      i += 1;
      continue;
    }
    if (SIGNS.has(token.cyrillic)) signs.push(out.length);
    out.push(withCaseOf(token.cyrillic, ch));
    i += token.length;
  }
  for (const at of signs) out[at] = caseSign(out[at]!, out[at - 1], out[at - 2], out[at + 1]);
  return out.join('');
}

/**
 * The Latin spelling of one Cyrillic letter in its place: a multi-letter capital is written all in
 * capitals next to a capital ('SHCHI', 'BORSHCH'), otherwise with a capital first letter ('Shchi').
 */
function latinOf(letter: string, prev?: string, next?: string): string {
  const latin = LATIN_OF.get(letter.toLowerCase())!;
  if (!isUpper(letter)) return latin;
  const allCapitals = isLetter(next) ? isUpper(next) : isLetter(prev) && isUpper(prev);
  return allCapitals ? latin.toUpperCase() : latin[0]!.toUpperCase() + latin.slice(1);
}

const separatorNeeded = new Map<string, boolean>();
/** Whether two letters written together would read as something else (т + с as ц). */
function needsSeparator(first: string, second: string): boolean {
  const pair = first + second;
  let needed = separatorNeeded.get(pair);
  if (needed === undefined) {
    needed = latinToCyrillic(LATIN_OF.get(first)! + LATIN_OF.get(second)!) !== pair;
    separatorNeeded.set(pair, needed);
  }
  return needed;
}

/** Cyrillic to Latin; anything that is not a Russian letter is kept as it is. */
export function cyrillicToLatin(text: string): string {
  let out = '';
  let prevLetter: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (!isCyrillicLetter(ch)) {
      out += ch;
      prevLetter = undefined;
      continue;
    }
    const small = ch.toLowerCase();
    if (prevLetter !== undefined && needsSeparator(prevLetter, small)) out += SEPARATOR;
    out += latinOf(ch, text[i - 1], text[i + 1]);
    prevLetter = small;
  }
  return out;
}

/** The Latin that typing would have produced a character from, for joining it with the next key. */
function typedFrom(ch: string): string | undefined {
  if (isCyrillicLetter(ch)) {
    const latin = LATIN_OF.get(ch.toLowerCase())!;
    return isUpper(ch) ? latin[0]!.toUpperCase() + latin.slice(1) : latin;
  }
  return /^[A-Za-z]$/.test(ch) ? ch : undefined;
}

/**
 * Appends a letter typed from Latin, setting the case of a sign, and dropping a separator before it
 * unless that separator was kept as text when the letter began.
 */
function appendLetter(head: string, letter: string, dropSeparator = true): string {
  let text = dropSeparator && head.endsWith(SEPARATOR) ? head.slice(0, -1) : head;
  const last = text.at(-1);
  if (isSign(letter)) return text + caseSign(letter, last, text.at(-2));
  if (isSign(last) && isCyrillicLetter(text.at(-2))) {
    text = text.slice(0, -1) + caseSign(last!, text.at(-2), text.at(-3), letter);
  }
  return text + letter;
}

/**
 * Typing from Latin: the text so far and the next key give the new text, so that 's' then 'h' turns
 * 'с' into 'ш'. Typing a text key by key gives the same as latinToCyrillic of the whole text.
 */
export function typeLatin(text: string, key: string): string {
  if (key.length !== 1 || key === SEPARATOR) return text + key;
  for (let count = Math.min(LONGEST_TOKEN - 1, text.length); count >= 1; count--) {
    const tail = text.slice(-count);
    // Only letters still waiting in Latin ('c' before 'h') join a longer spelling with the letter before them.
    if (count > 1 && !/^[A-Za-z]+$/.test(tail.slice(1))) continue;
    let spelling = '';
    for (const ch of tail) spelling += typedFrom(ch) ?? '\0';
    spelling += key;
    const joined = spelling.includes('\0') ? undefined : TOKENS.get(spelling.toLowerCase());
    if (joined !== undefined) {
      const beganInLatin = !isCyrillicLetter(tail[0]);
      return appendLetter(text.slice(0, -count), withCaseOf(joined, spelling[0]!), beganInLatin);
    }
  }
  const letter = TOKENS.get(key.toLowerCase());
  return letter === undefined ? text + key : appendLetter(text, withCaseOf(letter, key));
}

/** The last letter of a Latin text written by this scheme, as [letter, length of its spelling]. */
function lastLetterOf(text: string): [string, number] | undefined {
  for (let length = Math.min(LONGEST_TOKEN, text.length); length >= 1; length--) {
    const spelling = text.slice(-length);
    const letter = CANONICAL.get(spelling.toLowerCase());
    if (letter === undefined) continue;
    const capital = isSign(letter) ? isUpper(text.at(-length - 1)) : isUpper(spelling[0]);
    return [capital ? letter.toUpperCase() : letter, length];
  }
  return undefined;
}

/**
 * Typing from Cyrillic: the text so far and the next key give the new text. The letter before the key
 * is written again, so that its capitals and a separator follow the new letter ('Shch' then 'И' is
 * 'SHCHI'; 't' then 'с' is 't·s'). Typing a text key by key gives the same as cyrillicToLatin.
 */
export function typeCyrillic(text: string, key: string): string {
  if (!isCyrillicLetter(key)) return text + key;
  const last = lastLetterOf(text);
  if (last === undefined) return text + latinOf(key, text.at(-1));
  const [letter, length] = last;
  return text.slice(0, -length) + cyrillicToLatin(letter + key);
}

export function transliterate(direction: Direction, text: string): string {
  return direction === 'latin-to-cyrillic' ? latinToCyrillic(text) : cyrillicToLatin(text);
}

export function typeKey(direction: Direction, text: string, key: string): string {
  return direction === 'latin-to-cyrillic' ? typeLatin(text, key) : typeCyrillic(text, key);
}
