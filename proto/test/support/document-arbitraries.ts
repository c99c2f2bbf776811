// fast-check generators of vellum documents, built from the schema's node and mark types: every toolbar feature,
// nested lists and task lists, tables with merged cells, and text full of Markdown's special characters.
import fc from 'fast-check';
import { CODE_BLOCK_LANGUAGES, type VellumNode } from '@vellum/proto/editor';

/** Pieces of text: letters, Markdown punctuation, entities, spaces of every kind, line breaks, other scripts. */
const PIECES = [
  'a',
  'b',
  'Z',
  '7',
  '1.',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  'é',
  '中',
  '😀',
  'ٍ',
  '*',
  '**',
  '_',
  '__',
  '`',
  '```',
  '~',
  '~~',
  '#',
  '# ',
  '-',
  '- ',
  '+',
  '=',
  '>',
  '> ',
  '<',
  '<u>',
  '</u>',
  '<br>',
  '<script>',
  '[',
  ']',
  '[ ]',
  '[x]',
  '(',
  ')',
  '!',
  '![',
  '|',
  '\\',
  '\\*',
  '&',
  '&amp;',
  '&#10;',
  '"',
  "'",
  ':',
  'http://x.io',
  'www.a.b',
  '---',
  '===',
  '1)',
  '&copy;',
];
export const textArb = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 })
  .map((p) => p.join(''));

const LINKS = [
  'https://example.com/a?b=c&d=e#f',
  'https://example.com/path_(with)_parens',
  'http://example.com/a|b*c_d',
  'mailto:ada@example.com',
  'https://example.com/&amp;x',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
];
const IMAGES = [
  'https://example.com/i.png',
  'http://example.com/a(1).jpg',
  'https://example.com/x?y=1&z=2|3',
];
const VIDEOS = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtu.be/dQw4w9WgXcQ',
  'https://www.youtube-nocookie.com/embed/abcdefghijk',
];

const titleArb = fc.option(textArb, { nil: null });

const linkMark = fc.record({
  type: fc.constant('link'),
  attrs: fc.record({
    href: fc.constantFrom(...LINKS),
    target: fc.constant('_blank'),
    rel: fc.constant('noopener noreferrer nofollow'),
    class: fc.constant(null),
    title: titleArb,
  }),
});

/** A text node's marks in the schema's order (link, bold, italic, underline), or code alone. */
const marksArb: fc.Arbitrary<VellumNode['marks']> = fc.oneof(
  fc.constant<VellumNode['marks']>([{ type: 'code' }]),
  fc
    .tuple(fc.option(linkMark, { nil: null }), fc.boolean(), fc.boolean(), fc.boolean())
    .map(([link, bold, italic, underline]) => [
      ...(link ? [link] : []),
      ...(bold ? [{ type: 'bold' }] : []),
      ...(italic ? [{ type: 'italic' }] : []),
      ...(underline ? [{ type: 'underline' }] : []),
    ]),
);

const textNode: fc.Arbitrary<VellumNode> = fc
  .tuple(textArb, marksArb)
  .map(([text, marks]) => (marks?.length ? { type: 'text', text, marks } : { type: 'text', text }));

export const inlineArb = fc.array(
  fc.oneof({ weight: 6, arbitrary: textNode }, { weight: 1, arbitrary: fc.constant({ type: 'hardBreak' }) }),
  { maxLength: 6 },
);

const paragraph = inlineArb.map((content): VellumNode =>
  content.length ? { type: 'paragraph', content } : { type: 'paragraph' },
);
const heading = fc.tuple(fc.constantFrom(1, 2, 3), inlineArb).map(([level, content]): VellumNode => ({
  type: 'heading',
  attrs: { level },
  ...(content.length && { content }),
}));
const codeBlock = fc
  .tuple(
    fc.constantFrom(null, ...CODE_BLOCK_LANGUAGES),
    fc.array(fc.constantFrom(...PIECES, '\n', '````'), { maxLength: 10 }),
  )
  .map(([language, parts]): VellumNode => {
    const text = parts.join('');
    return { type: 'codeBlock', attrs: { language }, ...(text && { content: [{ type: 'text', text }] }) };
  });
const image = fc
  .tuple(fc.constantFrom(...IMAGES), titleArb, titleArb)
  .map(([src, alt, title]): VellumNode => ({
    type: 'image',
    attrs: { src, alt, title, width: null, height: null },
  }));
const video = fc
  .tuple(fc.constantFrom(...VIDEOS), fc.constantFrom(0, 0, 42))
  .map(([src, start]): VellumNode => ({ type: 'youtube', attrs: { src, start, width: 640, height: 480 } }));

const cellAttrs = fc.record({
  colspan: fc.constantFrom(1, 1, 1, 2),
  rowspan: fc.constantFrom(1, 1, 1, 2),
  colwidth: fc.constant(null),
  align: fc.constantFrom(null, 'left', 'center', 'right'),
});

function blockArb(depth: number): fc.Arbitrary<VellumNode> {
  const leaves = [paragraph, paragraph, heading, codeBlock, image, video];
  if (depth <= 0) return fc.oneof(...leaves);
  const inner = blockArb(depth - 1);
  const itemContent = fc
    .tuple(paragraph, fc.array(inner, { maxLength: 2 }))
    .map(([first, rest]) => [first, ...rest]);
  const listItem = itemContent.map((content): VellumNode => ({ type: 'listItem', content }));
  const taskItem = fc
    .tuple(fc.boolean(), itemContent, fc.option(fc.constant(null), { nil: undefined }))
    .map(([checked, content]): VellumNode => ({ type: 'taskItem', attrs: { checked }, content }));
  const nestedTask: fc.Arbitrary<VellumNode> = fc
    .tuple(fc.boolean(), paragraph, fc.array(taskItem, { minLength: 1, maxLength: 2 }))
    .map(([checked, first, items]) => ({
      type: 'taskItem',
      attrs: { checked },
      content: [first, { type: 'taskList', content: items }],
    }));
  const cell = fc
    .tuple(
      fc.boolean(),
      cellAttrs,
      fc.array(fc.oneof(paragraph, paragraph, image, inner), { minLength: 1, maxLength: 2 }),
    )
    .map(([header, attrs, content]): VellumNode => ({
      type: header ? 'tableHeader' : 'tableCell',
      attrs,
      content,
    }));
  const table = fc
    .array(fc.array(cell, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
    .map((rows): VellumNode => ({
      type: 'table',
      content: rows.map((content) => ({ type: 'tableRow', content })),
    }));
  return fc.oneof(
    ...leaves,
    fc
      .array(inner, { minLength: 1, maxLength: 3 })
      .map((content): VellumNode => ({ type: 'blockquote', content })),
    fc
      .array(listItem, { minLength: 1, maxLength: 3 })
      .map((content): VellumNode => ({ type: 'bulletList', content })),
    fc
      .tuple(fc.constantFrom(0, 1, 1, 7, 99), fc.array(listItem, { minLength: 1, maxLength: 3 }))
      .map(([start, content]): VellumNode => ({
        type: 'orderedList',
        attrs: { start, type: null },
        content,
      })),
    fc
      .array(fc.oneof(taskItem, nestedTask), { minLength: 1, maxLength: 3 })
      .map((content): VellumNode => ({ type: 'taskList', content })),
    table,
  );
}

/** Documents of up to `depth` levels of containers. */
export const documentArb = (depth = 3) =>
  fc.array(blockArb(depth), { minLength: 1, maxLength: 6 }).map((content) => ({ type: 'doc', content }));
