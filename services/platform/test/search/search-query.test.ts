import { parseSearch, snippetOf, spellings, tsqueryOf, tsqueryWordsText } from '../../src';

describe('a text search read as words', () => {
  it('keeps words, phrases and the last word as a prefix, and nothing else', () => {
    expect(parseSearch('Cats "quick fox" jum')).toEqual({
      parts: [
        { words: ['cats'], phrase: false },
        { words: ['quick', 'fox'], phrase: true },
        { words: ['jum'], phrase: false },
      ],
      prefixLast: true,
    });
    expect(parseSearch('"closed phrase"')).toEqual({
      parts: [{ words: ['closed', 'phrase'], phrase: true }],
      prefixLast: false,
    });
    // A phrase of one word is that word; one still being typed keeps its last word a prefix.
    expect(parseSearch('"one" "still typ')).toEqual({
      parts: [
        { words: ['one'], phrase: false },
        { words: ['still', 'typ'], phrase: true },
      ],
      prefixLast: true,
    });
    expect(parseSearch('&|!():*<-> "" ')).toBeNull();
    expect(parseSearch('w '.repeat(40))!.parts[0]!.words).toHaveLength(16);
  });

  it('spells a Russian or Latin word in the other alphabet too', () => {
    expect(spellings('кошка')).toEqual(['кошка', 'koshka']);
    expect(spellings('koshka')).toEqual(['koshka', 'кошка']);
    expect(spellings('42')).toEqual(['42']);
  });

  it('builds queries only of words and its own operators', () => {
    expect(tsqueryOf('cats "quick fox" jum')).toBe(
      '(cats | cац) & (quick <-> fox | qуиcк <-> фоx) & (jum:* | йум:*)',
    );
    expect(tsqueryOf('"closed phrase"')).toBe('(closed <-> phrase | cлосед <-> пхрасе)');
    expect(tsqueryOf("a'b & c:* | !(d)")).toBe(tsqueryOf('a b c d'));
    expect(tsqueryOf('&|!():*<->')).toBeNull();
    expect(tsqueryOf('кошка')).toBe('(кошка:* | koshka:*)');
    expect(tsqueryOf('42')).toBe('(42:*)');
  });

  it("loosens a search's phrases into their words, each spelling's together, and nothing without a phrase", () => {
    expect(tsqueryWordsText(parseSearch('cats "quick fox" jum')!)).toBe(
      '(cats | cац) & (quick & fox | qуиcк & фоx) & (jum:* | йум:*)',
    );
    expect(tsqueryWordsText(parseSearch('"closed phrase"')!)).toBe('(closed & phrase | cлосед & пхрасе)');
    expect(tsqueryWordsText(parseSearch('"still typ')!)).toBe('(still & typ:* | стилл & тып:*)');
    expect(tsqueryWordsText(parseSearch('no phrase here')!)).toBeNull();
  });

  it("turns a headline's markers into plain text and ranges, dropping empty ones", () => {
    expect(snippetOf('a \u0001b\u0002 \u0001\u0002c\u0002')).toEqual({
      text: 'a b c',
      marks: [{ start: 2, end: 3 }],
    });
  });
});
