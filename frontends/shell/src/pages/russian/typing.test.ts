import { RUSSIAN_ALPHABET } from '@vellum/proto/api';
import { DIRECTION_LABELS, LETTER_ROWS, characterCount, insertKey, otherDirection, type Run } from './typing';

/** Types `keys` one after another at the end of `text`, as the page does. */
function typeAll(keys: string, text = '', run: Run | null = null) {
  let state = { text, run };
  for (const key of keys) {
    const at = state.text.length;
    const inserted = insertKey({
      ...state,
      start: at,
      end: at,
      direction: 'latin-to-cyrillic',
      key,
      typed: true,
    });
    state = { text: inserted.text, run: inserted.run };
  }
  return state;
}

describe('the typing of the transliteration page', () => {
  it('joins the keys typed one after another into one letter', () => {
    expect(typeAll('shchi').text).toBe('щи');
    expect(typeAll('Privet').text).toBe('Привет');
  });

  it('does not join a key with text from before the run (a click, a letter button)', () => {
    // 'с' was there before: an 'h' typed now is a lone х, not ш.
    expect(typeAll('h', 'с').text).toBe('сх');
    const fromButton = insertKey({
      text: 'с',
      start: 1,
      end: 1,
      direction: 'latin-to-cyrillic',
      run: null,
      key: 'ш',
      typed: false,
    });
    expect(fromButton).toEqual({ text: 'сш', caret: 2, run: null });
  });

  it('replaces the selection and puts the cursor after what was written', () => {
    expect(
      insertKey({
        text: 'мир',
        start: 1,
        end: 2,
        direction: 'latin-to-cyrillic',
        run: null,
        key: 'e',
        typed: true,
      }),
    ).toEqual({ text: 'мер', caret: 2, run: { start: 1, end: 2 } });
  });

  it('writes Russian keys in Latin letters in the other direction, without runs', () => {
    expect(
      insertKey({
        text: 'shch',
        start: 4,
        end: 4,
        direction: 'cyrillic-to-latin',
        run: null,
        key: 'и',
        typed: true,
      }),
    ).toEqual({ text: 'shchi', caret: 5, run: null });
  });

  it('counts characters with US separators and the singular', () => {
    expect(characterCount('')).toBe('0 characters');
    expect(characterCount('я')).toBe('1 character');
    expect(characterCount('я'.repeat(1234))).toBe('1,234 characters');
  });

  it('switches direction both ways, and lays the 33 letters out in rows of 11', () => {
    expect(otherDirection('latin-to-cyrillic')).toBe('cyrillic-to-latin');
    expect(otherDirection('cyrillic-to-latin')).toBe('latin-to-cyrillic');
    expect(DIRECTION_LABELS[otherDirection('latin-to-cyrillic')]).toBe('Cyrillic → Latin');
    expect(LETTER_ROWS.map((row) => row.length)).toEqual([11, 11, 11]);
    expect(LETTER_ROWS.flat()).toEqual(RUSSIAN_ALPHABET);
  });
});
