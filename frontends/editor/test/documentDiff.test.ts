import { blocksOf, diffDocuments, diffWords } from '../src/history/documentDiff';

const t = (text: string) => ({ type: 'text', text });
const para = (text: string) => ({ type: 'paragraph', content: text ? [t(text)] : [] });
const item = (text: string, ...nested: object[]) => ({ type: 'listItem', content: [para(text), ...nested] });
const bullets = (...items: object[]) => ({ type: 'bulletList', content: items });
const cell = (text: string) => ({ type: 'tableCell', content: [para(text)] });
const table = (...rows: string[][]) => ({
  type: 'table',
  content: rows.map((r) => ({ type: 'tableRow', content: r.map(cell) })),
});
const docOf = (...content: object[]) => JSON.stringify({ type: 'doc', content });

describe('the document diff', () => {
  it('reads a document as its blocks: paragraphs, headings, list items (nested apart), table cells, media', () => {
    const text = docOf(
      { type: 'heading', attrs: { level: 1 }, content: [t('Title')] },
      para('One'),
      para(''),
      bullets(item('a', bullets(item('a.1'))), item('b')),
      {
        type: 'taskList',
        content: [{ type: 'taskItem', attrs: { checked: true }, content: [para('done')] }],
      },
      table(['x', 'y'], ['1', '2']),
      { type: 'image', attrs: { src: 'https://e.org/i.png', alt: 'cat' } },
      { type: 'codeBlock', content: [t('let a = 1;')] },
    );
    expect(blocksOf(text)).toEqual([
      { kind: 'Heading', text: 'Title' },
      { kind: 'Paragraph', text: 'One' },
      { kind: 'List item', text: 'a' },
      { kind: 'List item', text: 'a.1' },
      { kind: 'List item', text: 'b' },
      { kind: 'Task', text: '[x] done' },
      { kind: 'Table cell', text: 'x' },
      { kind: 'Table cell', text: 'y' },
      { kind: 'Table cell', text: '1' },
      { kind: 'Table cell', text: '2' },
      { kind: 'Image', text: 'cat (https://e.org/i.png)' },
      { kind: 'Code block', text: 'let a = 1;' },
    ]);
    expect(blocksOf('')).toEqual([]);
    expect(blocksOf('{not json')).toEqual([]);
  });

  it('marks added and removed blocks, and the words of a block that changed', () => {
    const before = docOf(para('Keep this'), para('The quick brown fox'), bullets(item('gone')), para('End'));
    const after = docOf(para('Keep this'), para('The slow brown fox jumps'), para('End'), para('New'));
    expect(diffDocuments(before, after)).toEqual([
      { op: 'same', kind: 'Paragraph', text: 'Keep this' },
      {
        op: 'changed',
        kind: 'Paragraph',
        words: [
          { op: 'same', text: 'The ' },
          { op: 'removed', text: 'quick' },
          { op: 'added', text: 'slow' },
          { op: 'same', text: ' brown fox' },
          { op: 'added', text: ' jumps' },
        ],
      },
      { op: 'removed', kind: 'List item', text: 'gone' },
      { op: 'same', kind: 'Paragraph', text: 'End' },
      { op: 'added', kind: 'Paragraph', text: 'New' },
    ]);
  });

  it('compares table cells one by one', () => {
    const changes = diffDocuments(docOf(table(['a', 'b'], ['1', '2'])), docOf(table(['a', 'b'], ['1', '3'])));
    expect(changes.filter((c) => c.op !== 'same')).toEqual([
      {
        op: 'changed',
        kind: 'Table cell',
        words: [
          { op: 'removed', text: '2' },
          { op: 'added', text: '3' },
        ],
      },
    ]);
  });

  it('says nothing changed between equal documents, and everything between empty and full', () => {
    const text = docOf(para('a'), para('b'));
    expect(diffDocuments(text, text).every((c) => c.op === 'same')).toBe(true);
    expect(diffDocuments('', text).map((c) => c.op)).toEqual(['added', 'added']);
    expect(diffDocuments(text, '').map((c) => c.op)).toEqual(['removed', 'removed']);
  });

  it('keeps words and spaces: joining a side’s words gives its text back', () => {
    const words = diffWords('a  b\tc d', 'a b c  e');
    const side = (op: 'added' | 'removed') =>
      words
        .filter((w) => w.op !== op)
        .map((w) => w.text)
        .join('');
    expect(side('added')).toBe('a  b\tc d');
    expect(side('removed')).toBe('a b c  e');
  });

  it('stays linear-ish on long documents: 3,000 blocks with one change in the middle', () => {
    const many = (changed: string) =>
      docOf(...Array.from({ length: 3000 }, (_, i) => para(i === 1500 ? changed : `line ${i}`)));
    const changes = diffDocuments(many('before'), many('after'));
    expect(changes).toHaveLength(3000);
    expect(changes.filter((c) => c.op !== 'same')).toHaveLength(1);
  });
});
