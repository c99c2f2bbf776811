import { looksLikeMarkdown, validateVellumDocument, type VellumNode } from '@vellum/proto/editor';
import {
  fromMarkdown,
  markdownFileName,
  markdownNotices,
  markdownToVellum,
  toMarkdown,
  vellumToMarkdown,
} from '@vellum/proto/markdown';
import {
  doc,
  p,
  richDocument,
  text,
  unsafeImages,
  unsafeLinks,
  xssPayloads,
} from '@vellum/proto/test/fixtures/vellum-documents';

const imported = (markdown: string) => {
  const result = fromMarkdown(markdown);
  if (!result.ok) throw new Error(result.message);
  return result;
};
const roundTrip = (d: VellumNode) => {
  const markdown = toMarkdown(d);
  expect(toMarkdown(imported(markdown).doc)).toBe(markdown);
  return markdown;
};
const cell = (type: string, content: VellumNode[], attrs: Record<string, unknown> = {}): VellumNode => ({
  type,
  attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null, ...attrs },
  content,
});

describe('toMarkdown, feature by feature (each one round-trips byte for byte)', () => {
  it.each<[string, VellumNode, string]>([
    [
      'headings 1–3',
      doc({ type: 'heading', attrs: { level: 3 }, content: [text('Small')] }) as VellumNode,
      '### Small\n',
    ],
    [
      'bold and italic',
      doc(p(text('b', [{ type: 'bold' }]), text(' and '), text('i', [{ type: 'italic' }]))) as VellumNode,
      '**b** and _i_\n',
    ],
    ['underline as <u>', doc(p(text('under', [{ type: 'underline' }]))) as VellumNode, '<u>under</u>\n'],
    ['inline code', doc(p(text('a`b', [{ type: 'code' }]))) as VellumNode, '``a`b``\n'],
    [
      'links with a title',
      doc(
        p(text('site', [{ type: 'link', attrs: { href: 'https://example.com/a_(b)', title: 'T' } }])),
      ) as VellumNode,
      '[site](https://example.com/a_\\(b\\) "T")\n',
    ],
    ['a hard break', doc(p(text('one'), { type: 'hardBreak' }, text('two'))) as VellumNode, 'one<br>two\n'],
    [
      'a code block with its language',
      doc({ type: 'codeBlock', attrs: { language: 'python' }, content: [text('x = "```"\n')] }) as VellumNode,
      '````python\nx = "```"\n\n````\n',
    ],
    [
      'a blockquote',
      doc({ type: 'blockquote', content: [p(text('a')), p(text('b'))] }) as VellumNode,
      '> a\n>\n> b\n',
    ],
    [
      'an ordered list from its start',
      doc({
        type: 'orderedList',
        attrs: { start: 9, type: null },
        content: [
          { type: 'listItem', content: [p(text('nine'))] },
          { type: 'listItem', content: [p(text('ten'))] },
        ],
      }) as VellumNode,
      '9. nine\n10. ten\n',
    ],
    [
      'nested task lists',
      doc((richDocument as VellumNode).content!.find((n) => n.type === 'taskList')!) as VellumNode,
      '- [x] done\n\n  - [ ] nested todo\n',
    ],
    [
      'an image',
      doc({
        type: 'image',
        attrs: { src: 'https://example.com/c.png', alt: 'A [cat]', title: 'Cat' },
      }) as VellumNode,
      '![A \\[cat\\]](https://example.com/c.png "Cat")\n',
    ],
    [
      'a video embed as a link',
      doc({ type: 'youtube', attrs: { src: 'https://youtu.be/dQw4w9WgXcQ', start: 42 } }) as VellumNode,
      '[Video](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42)\n',
    ],
    [
      'a table with a header row and alignment',
      doc({
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              cell('tableHeader', [p(text('h1'))], { align: 'right' }),
              cell('tableHeader', [p(text('h|2'))]),
            ],
          },
          { type: 'tableRow', content: [cell('tableCell', [p(text('a'))]), cell('tableCell', [p()])] },
        ],
      }) as VellumNode,
      '| h1 | h\\|2 |\n| ---: | --- |\n| a |  |\n',
    ],
    [
      'two lists in a row stay two lists',
      doc(
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('a'))] }] },
        {
          type: 'taskList',
          content: [{ type: 'taskItem', attrs: { checked: false }, content: [p(text('b'))] }],
        },
      ) as VellumNode,
      '- a\n\n* [ ] b\n',
    ],
  ])('%s', (_name, d, expected) => {
    expect(toMarkdown(d)).toBe(expected);
    roundTrip(d);
  });

  it('the document with every toolbar feature round-trips', () => {
    const markdown = roundTrip(richDocument as VellumNode);
    expect(markdown).toContain('# Title\n');
    expect(markdown).toMatch(/[-*] \[x\] done\n\n {2}- \[ \] nested todo/);
    expect(markdown).toContain('```typescript\nconst a = 1;\n```');
  });

  it('escapes Markdown-significant characters so the text comes back unchanged', () => {
    const tricky = '# *not* _em_ `code` [l](x) <b> 1. - + > | ~~s~~ &amp; \\ ![i](y)';
    const markdown = roundTrip(doc(p(text(tricky)), p(text('  spaces\tand\nlines  '))) as VellumNode);
    const back = imported(markdown).doc.content!;
    expect(back[0]!.content).toEqual([text(tricky)]);
    expect(back[1]!.content).toEqual([text('  spaces\tand\nlines  ')]);
  });

  it('keeps emphasis next to punctuation and inside words', () => {
    const d = doc(
      p(
        text('a'),
        text('"b"', [{ type: 'bold' }]),
        text('c'),
        text('in', [{ type: 'italic' }]),
        text('word'),
      ),
    );
    const back = imported(roundTrip(d as VellumNode)).doc;
    expect(back.content![0]!.content).toEqual(
      doc(
        p(
          text('a'),
          text('"b"', [{ type: 'bold' }]),
          text('c'),
          text('in', [{ type: 'italic' }]),
          text('word'),
        ),
      ).content[0]!.content,
    );
  });

  it('merged cells degrade: the content in the first cell, the spanned cells empty', () => {
    const d = doc({
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            cell('tableHeader', [p(text('wide'))], { colspan: 2 }),
            cell('tableHeader', [p(text('tall'))], { rowspan: 2 }),
          ],
        },
        { type: 'tableRow', content: [cell('tableCell', [p(text('a'))]), cell('tableCell', [p(text('b'))])] },
      ],
    }) as VellumNode;
    expect(toMarkdown(d)).toBe('| wide |  | tall |\n| --- | --- | --- |\n| a | b |  |\n');
    roundTrip(d);
  });
});

describe('fromMarkdown', () => {
  it('reads GitHub-flavoured Markdown written by people', () => {
    const result = imported(
      'Title\n===\n\n* one\n* two\n\n1) first\n\n```ts\nlet x\n```\n\n#### deep\n\n- [X] Done\n- [ ] Todo\n',
    );
    expect(result.doc.content!.map((n) => n.type)).toEqual([
      'heading',
      'bulletList',
      'orderedList',
      'codeBlock',
      'heading',
      'taskList',
    ]);
    expect(result.doc.content![3]!.attrs).toEqual({ language: 'typescript' });
    expect(result.doc.content![4]!.attrs).toEqual({ level: 3 });
    expect(result.doc.content![5]!.content!.map((i) => i.attrs!.checked)).toEqual([true, false]);
    expect(result.notices).toEqual([]);
  });

  it.each(unsafeLinks.filter((href) => href && !/[\s<>()\\]/.test(href)))(
    'drops unsafe link #%# and says so',
    (href) => {
      const result = imported(`[click](${href}) after`);
      expect(JSON.stringify(result.doc)).not.toContain('"link"');
      expect(result.doc.content![0]!.content).toEqual([text('click after')]);
      expect(result.notices).toEqual([markdownNotices.unsafeLink]);
    },
  );

  it.each(unsafeImages)('drops the image %j and says so', (src) => {
    const result = imported(`![x](${src})`);
    expect(JSON.stringify(result.doc)).not.toContain('image');
    expect(result.notices).toEqual([markdownNotices.unsafeImage]);
  });

  it.each(xssPayloads)('stores nothing executable from %j', (payload) => {
    const result = imported(`${payload}\n\ntext ${payload}`);
    expect(validateVellumDocument(result.doc).ok).toBe(true);
    const json = JSON.stringify(result.doc);
    expect(json).not.toMatch(/"(href|src)":"(javascript|data):/i);
    expect(json).not.toMatch(/"type":"(html|script)/);
  });

  it('drops <script> and <img onerror> with a visible notice, keeps <u>', () => {
    const result = imported('<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> and <u>kept</u>\n');
    expect(JSON.stringify(result.doc)).not.toMatch(/script>|onerror|<img/);
    expect(result.doc.content!.at(-1)!.content).toEqual([
      text('A  and '),
      text('kept', [{ type: 'underline' }]),
    ]);
    expect(result.notices).toEqual([markdownNotices.html]);
  });

  it('drops data: images and control characters', () => {
    const result = imported('![x](data:image/png;base64,AAAA)\n\nbe\u0007ll &#7; \u0000nul\n');
    // A reference to a control character reads as U+FFFD, as does a raw NUL (CommonMark's rule).
    expect(result.doc.content).toEqual([p(text('bell \ufffd \ufffdnul'))]);
    expect(result.notices).toEqual([markdownNotices.unsafeImage, markdownNotices.controlCharacters]);
  });

  it('refuses what the validator refuses, with its message', () => {
    const result = fromMarkdown(`${'>'.repeat(60)} deep`);
    expect(result).toMatchObject({ ok: false, message: 'The document is nested too deeply.' });
    expect(fromMarkdown('x'.repeat(1024 * 1024 + 1))).toMatchObject({
      ok: false,
      message: markdownNotices.tooLarge,
    });
  });
});

describe('a vellum as a file', () => {
  it('puts the title first and reads it back', () => {
    const file = vellumToMarkdown({ title: 'My #1 *notes*', doc: doc(p(text('body'))) as VellumNode });
    expect(file).toBe('# My \\#1 \\*notes\\*\n\nbody\n');
    const back = markdownToVellum(file, 'ignored.md');
    expect(back).toMatchObject({ ok: true, title: 'My #1 *notes*' });
    if (back.ok) expect(vellumToMarkdown({ title: back.title, doc: back.doc })).toBe(file);
  });

  it('takes the title from the file name when the file has no title heading', () => {
    expect(markdownToVellum('## Sub\n\ntext', 'Trip notes.md')).toMatchObject({
      ok: true,
      title: 'Trip notes',
    });
    expect(markdownToVellum('', '.md')).toMatchObject({ ok: true, title: 'Imported Vellum' });
  });

  it('names files by the slug of the title', () => {
    expect(markdownFileName('Héllo, World! 2024')).toBe('hello-world-2024.md');
    expect(markdownFileName('"><script>')).toBe('script.md');
    expect(markdownFileName('…')).toBe('vellum.md');
  });

  it('tells Markdown from plain text when pasting', () => {
    expect(looksLikeMarkdown('# Heading\n\ntext')).toBe(true);
    expect(looksLikeMarkdown('- [ ] task')).toBe(true);
    expect(looksLikeMarkdown('some **bold** text')).toBe(true);
    expect(looksLikeMarkdown('Just a sentence, with 2 commas.')).toBe(false);
  });
});

describe('code spans of whitespace', () => {
  it.each(['  \t ', '   ', ' ', '  ', ' a ', '`', ' `` '])('keep %j exactly', (code) => {
    const d = doc(p(text(code, [{ type: 'code' }]))) as VellumNode;
    expect(imported(roundTrip(d)).doc.content![0]!.content).toEqual([text(code, [{ type: 'code' }])]);
  });
});
