import { RUSSIAN_ALPHABET, typeKey, type Direction } from '@vellum/proto/api';

/** What the page shows around the text area, and how a key or a letter button edits the text: no React here. */

const LETTERS_PER_ROW = 11;

/** The letter table's rows. */
export const LETTER_ROWS = Array.from(
  { length: Math.ceil(RUSSIAN_ALPHABET.length / LETTERS_PER_ROW) },
  (_, row) => RUSSIAN_ALPHABET.slice(row * LETTERS_PER_ROW, (row + 1) * LETTERS_PER_ROW),
);

export const DIRECTION_LABELS: Record<Direction, string> = {
  'latin-to-cyrillic': 'Latin → Cyrillic',
  'cyrillic-to-latin': 'Cyrillic → Latin',
};

export const otherDirection = (direction: Direction): Direction =>
  direction === 'latin-to-cyrillic' ? 'cyrillic-to-latin' : 'latin-to-cyrillic';

/** '1 character', '1,234 characters' (a letter outside the basic plane counts once). */
export const characterCount = (text: string) => {
  const count = Array.from(text).length;
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'character' : 'characters'}`;
};

/**
 * The keys typed one after another without moving the cursor, as a range of the text: only these join into one
 * letter, so a letter from a button or from before a click stays as it is.
 */
export interface Run {
  start: number;
  end: number;
}

export interface Insertion {
  text: string;
  /** The selection replaced by the key. */
  start: number;
  end: number;
  direction: Direction;
  /** The run of typed keys before this one, or null. */
  run: Run | null;
  key: string;
  /** A key typed on the keyboard (true), or a letter from the table (false). */
  typed: boolean;
}

export interface Inserted {
  text: string;
  /** Where the cursor goes. */
  caret: number;
  run: Run | null;
}

/** The text after a key or a letter button at the selection. */
export function insertKey({ text, start, end, direction, run, key, typed }: Insertion): Inserted {
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (direction === 'cyrillic-to-latin') {
    const written = typeKey(direction, before, key);
    return { text: written + after, caret: written.length, run: null };
  }
  if (!typed) {
    const written = before + key;
    return { text: written + after, caret: written.length, run: null };
  }
  const runStart = run && start === end && run.end === start ? run.start : start;
  const written = before.slice(0, runStart) + typeKey(direction, before.slice(runStart), key);
  return { text: written + after, caret: written.length, run: { start: runStart, end: written.length } };
}
