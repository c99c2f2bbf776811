import { parseSearch } from '@vellum/platform';
import { indexedWordsOf, phrasesHold, snippetIn, stemOf, wordsQueryOf } from '../src/store/search-words';

const query = (q: string) => wordsQueryOf(parseSearch(q)!);
const marked = ({ text, marks }: { text: string; marks: Array<{ start: number; end: number }> }) =>
  marks.map(({ start, end }) => text.slice(start, end));

describe("MongoDB's words of a message (search without the store's own text search)", () => {
  it('keeps each lower-cased word and its stem, English for Latin letters and Russian for Cyrillic', () => {
    expect(stemOf('messages')).toBe('messag');
    expect(stemOf('кошки')).toBe('кошк');
    expect(stemOf('42')).toBe('42');
    expect(indexedWordsOf('Messages: кошки, 42 messages!')).toEqual([
      'messages',
      'messag',
      'кошки',
      'кошк',
      '42',
    ]);
    expect(indexedWordsOf('')).toEqual([]);
  });

  it('asks every word by the stems of both spellings, and the last as prefixes of what is typed and its stem', () => {
    expect(query('"koshka" runn')).toEqual({
      parts: [
        { phrase: false, words: [{ stems: ['koshka', 'кошк'], prefixes: null }] },
        { phrase: false, words: [{ stems: ['runn', 'рун'], prefixes: ['runn', 'рунн', 'рун'] }] },
      ],
    });
  });

  it('holds a phrase only as its words one after the other, by their stems', () => {
    expect(phrasesHold('A quick brown fox', query('"quick browns"'))).toBe(true);
    expect(phrasesHold('The fox is brown and quick', query('"quick brown"'))).toBe(false);
    expect(phrasesHold('anything', query('no phrase'))).toBe(true);
  });

  it('snips a passage around the first found word and marks every found word in it', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    words[20] = 'Zebras';
    words[22] = 'zebra';
    const snippet = snippetIn(words.join(' '), query('zebr'));
    expect(snippet.text.split(' ')).toEqual(words.slice(12, 36));
    expect(marked(snippet)).toEqual(['Zebras', 'zebra']);
    expect(snippetIn('Кошки спят', query('"кошка"'))).toEqual({
      text: 'Кошки спят',
      marks: [{ start: 0, end: 5 }],
    });
  });
});
