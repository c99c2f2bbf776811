import {
  CODE_BLOCK_LANGUAGES,
  documentHasContent,
  documentPlainText,
  isSafeUrl,
  LINK_PROTOCOLS,
  IMAGE_PROTOCOLS,
  MAX_DOCUMENT_BYTES,
  validateVellumDocument,
  videoIdOf,
  vellumSchema,
  type VellumNode,
} from '@vellum/proto';
import {
  doc,
  hostileDocuments,
  image,
  link,
  p,
  richDocument,
  text,
  unsafeImages,
  unsafeLinks,
  unsafeVideos,
  video,
  xssPayloads,
} from './fixtures/vellum-documents';

function refused(input: unknown): string {
  const result = validateVellumDocument(input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input).slice(0, 200)} to be refused`);
  return result.message;
}
function accepted(input: unknown) {
  const result = validateVellumDocument(input);
  if (!result.ok) throw new Error(`expected acceptance, got: ${result.message}`);
  return result.doc;
}

describe('the vellum document schema', () => {
  it('has every node and mark of the toolbar', () => {
    const schema = vellumSchema();
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'heading',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'taskItem',
        'taskList',
        'text',
        'youtube',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'code', 'italic', 'link', 'underline']);
    expect(CODE_BLOCK_LANGUAGES).toHaveLength(15);
  });
});

describe('validateVellumDocument: what the editor writes', () => {
  it('accepts a document using every toolbar feature, as an object or as JSON text, unchanged', () => {
    expect(accepted(richDocument)).toBe(richDocument);
    expect(accepted(JSON.stringify(richDocument))).toEqual(richDocument);
  });

  it('accepts the empty document and every code block language', () => {
    accepted(doc(p()));
    for (const language of CODE_BLOCK_LANGUAGES) {
      accepted(doc({ type: 'codeBlock', attrs: { language }, content: [text('x')] }));
    }
  });

  it('accepts the video link forms with an 11-character id', () => {
    for (const src of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'http://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(videoIdOf(src)).toBe('dQw4w9WgXcQ');
      accepted(video(src));
    }
  });
});

describe('validateVellumDocument: hostile documents', () => {
  it.each(unsafeLinks)('refuses the link %j', (href) => {
    expect(refused(link(href))).toBe('Links may only point to http, https or mailto addresses.');
    expect(isSafeUrl(href, LINK_PROTOCOLS)).toBe(false);
  });

  it.each(unsafeImages)('refuses the image %j', (src) => {
    expect(refused(image(src))).toBe('Images may only be loaded from http or https addresses.');
    expect(isSafeUrl(src, IMAGE_PROTOCOLS)).toBe(false);
  });

  it.each(unsafeVideos)('refuses the video %j', (src) => {
    expect(refused(video(src))).toBe('A video must be a video link with an 11-character identifier.');
  });

  it('refuses a video without a source and one whose source is not text', () => {
    expect(refused(doc({ type: 'youtube' }))).toBe(
      'A video must be a video link with an 11-character identifier.',
    );
    expect(refused(doc({ type: 'image', attrs: { alt: 'x' } } as VellumNode))).toMatch(/Images may only/);
    expect(refused(doc(p(text('x', [{ type: 'link' }]))))).toMatch(/Links may only/);
    expect(refused(video(['https://www.youtube.com/watch?v=dQw4w9WgXcQ']))).toBe(
      'A video must be a video link with an 11-character identifier.',
    );
  });

  describe('attribute type confusion', () => {
    it.each<[string, unknown]>([
      ['an href sent as a list', ['https://example.com']],
      ['an href sent as an object', { toString: 'https://example.com' }],
      ['an href sent as a number', 42],
      ['an href sent as null', null],
    ])('refuses %s', (_name, href) => {
      expect(refused(link(href))).toBe('Links may only point to http, https or mailto addresses.');
    });

    it.each<[string, VellumNode, RegExp]>([
      [
        'a list as the image alt',
        { type: 'image', attrs: { src: 'https://x.example/a.png', alt: ['<img src=x onerror=alert(1)>'] } },
        /"alt" of node "image" must be text/,
      ],
      [
        'an object as the image title',
        { type: 'image', attrs: { src: 'https://x.example/a.png', title: { __html: 'x' } } },
        /"title" of node "image" must be text/,
      ],
      [
        'a text heading level',
        { type: 'heading', attrs: { level: '1' }, content: [text('x')] },
        /"level" of node "heading" must be one of 1, 2, 3/,
      ],
      [
        'heading level 4',
        { type: 'heading', attrs: { level: 4 }, content: [text('x')] },
        /must be one of 1, 2, 3/,
      ],
      [
        'a list as the heading level',
        { type: 'heading', attrs: { level: [1] }, content: [text('x')] },
        /must be one of/,
      ],
      [
        'an unknown language',
        { type: 'codeBlock', attrs: { language: 'x" onmouseover="alert(1)' }, content: [text('x')] },
        /"language" of node "codeBlock"/,
      ],
      [
        'a list as the language',
        { type: 'codeBlock', attrs: { language: ['bash'] }, content: [text('x')] },
        /"language"/,
      ],
      [
        'a text checked flag',
        {
          type: 'taskList',
          content: [{ type: 'taskItem', attrs: { checked: 'true' }, content: [p(text('x'))] }],
        },
        /"checked" of node "taskItem" must be true or false/,
      ],
      [
        'a fractional list start',
        {
          type: 'orderedList',
          attrs: { start: 1.5 },
          content: [{ type: 'listItem', content: [p(text('x'))] }],
        },
        /"start" of node "orderedList" must be a whole number/,
      ],
      [
        'a text colspan',
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: '2' }, content: [p()] }] },
          ],
        },
        /"colspan" of node "tableCell"/,
      ],
      [
        'column widths as text',
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', attrs: { colwidth: '100' }, content: [p()] }],
            },
          ],
        },
        /"colwidth"/,
      ],
      [
        'a video width with script',
        { type: 'youtube', attrs: { src: 'https://youtu.be/dQw4w9WgXcQ', width: '100" onload="alert(1)' } },
        /"width" of node "youtube"/,
      ],
      [
        'an image width as text',
        { type: 'image', attrs: { src: 'https://x.example/a.png', width: '300' } },
        /"width" of node "image" must be a whole number/,
      ],
    ])('refuses %s', (_name, node, message) => {
      expect(refused(doc(node))).toMatch(message);
    });

    it('refuses a link class, an odd target and an odd rel', () => {
      expect(refused(link('https://x.example', { class: 'btn' }))).toMatch(/"class" of mark "link"/);
      expect(refused(link('https://x.example', { target: '_top' }))).toMatch(/"target" of mark "link"/);
      expect(refused(link('https://x.example', { rel: 'opener' }))).toMatch(/"rel" of mark "link"/);
      expect(refused(link('https://x.example', { onclick: 'alert(1)' }))).toMatch(
        /unknown attribute "onclick"/,
      );
    });
  });

  it.each<[string, unknown, RegExp]>([
    [
      'an unknown node type',
      doc({ type: 'script', content: [text('alert(1)')] }),
      /Unknown node type "script"/,
    ],
    [
      'an iframe node',
      doc({ type: 'iframe', attrs: { src: 'https://evil.example' } } as VellumNode),
      /Unknown node type "iframe"/,
    ],
    [
      'an html node',
      doc({ type: 'html', attrs: { html: '<img src=x onerror=alert(1)>' } } as VellumNode),
      /Unknown node type/,
    ],
    [
      'an unknown mark',
      doc(p(text('x', [{ type: 'textStyle', attrs: { style: 'x' } }]))),
      /Unknown mark type "textStyle"/,
    ],
    [
      'an unknown attribute',
      doc({ type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [] }),
      /unknown attribute "onclick"/,
    ],
    [
      'a style attribute',
      doc({ type: 'paragraph', attrs: { style: 'background:url(javascript:alert(1))' } }),
      /unknown attribute "style"/,
    ],
    [
      'a __proto__ attribute',
      JSON.parse('{"type":"doc","content":[{"type":"paragraph","attrs":{"__proto__":{"x":1}}}]}'),
      /unknown attribute "__proto__"/,
    ],
    ['a constructor node type', doc({ type: 'constructor' }), /Unknown node type "constructor"/],
    ['a toString mark type', doc(p(text('x', [{ type: 'toString' }]))), /Unknown mark type "toString"/],
    [
      'an unknown node field',
      doc({ type: 'paragraph', html: '<b>x</b>' } as unknown as VellumNode),
      /unknown field "html"/,
    ],
    [
      'an unknown mark field',
      doc(p(text('x', [{ type: 'bold', html: 'x' } as never]))),
      /unknown field "html"/,
    ],
    ['text on a paragraph', doc({ type: 'paragraph', text: 'x' }), /cannot hold text/],
    ['an empty text node', doc(p(text(''))), /non-empty text/],
    [
      'a text node holding a list',
      doc(p({ type: 'text', text: ['x'] } as unknown as VellumNode)),
      /non-empty text/,
    ],
    ['marks on a paragraph', doc({ type: 'paragraph', marks: [{ type: 'bold' }] }), /cannot carry marks/],
    ['a mark twice', doc(p(text('x', [{ type: 'bold' }, { type: 'bold' }]))), /appears twice/],
    [
      'marks that are not a list',
      doc(p({ type: 'text', text: 'x', marks: { type: 'bold' } } as unknown as VellumNode)),
      /must be a list/,
    ],
    ['content that is not a list', { type: 'doc', content: { type: 'paragraph' } }, /must be a list/],
    ['content in a leaf', doc(p({ type: 'hardBreak', content: [text('x')] })), /cannot have content/],
    [
      'a node that is a string',
      doc('<script>alert(1)</script>' as unknown as VellumNode),
      /must be an object/,
    ],
    ['a node that is an array', doc([] as unknown as VellumNode), /must be an object/],
    [
      'attrs that are an array',
      doc({ type: 'heading', attrs: [1] as never, content: [text('x')] }),
      /must be an object/,
    ],
    ['a root that is not a doc', p(text('x')), /must be a rich-text document/],
    ['a list as the root', [doc(p())], /must be a rich-text document/],
    ['a number', 42, /must be a rich-text document/],
    ['JSON text that is not JSON', '{"type":"doc",', /not valid JSON/],
    ['JSON text of a string', '"<script>"', /must be a rich-text document/],
    [
      'a paragraph directly in a list',
      doc({ type: 'bulletList', content: [p(text('x'))] }),
      /does not fit the editor/,
    ],
    ['a doc without blocks', { type: 'doc', content: [] }, /does not fit the editor/],
    ['text directly in the doc', doc(text('x')), /does not fit the editor/],
    [
      'bold inside a code block',
      doc({ type: 'codeBlock', content: [text('x', [{ type: 'bold' }])] }),
      /does not fit the editor/,
    ],
    [
      'a table cell outside a row',
      doc({ type: 'table', content: [{ type: 'tableCell', content: [p()] }] }),
      /does not fit the editor/,
    ],
    [
      'a list item without a paragraph',
      doc({ type: 'bulletList', content: [{ type: 'listItem', content: [] }] }),
      /does not fit the editor/,
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(refused(input)).toMatch(message);
  });

  it('refuses a document larger than 512 KB, as an object and as text', () => {
    const big = doc(p(text('x'.repeat(MAX_DOCUMENT_BYTES))));
    expect(refused(big)).toBe('The document is too large (at most 512 KB).');
    expect(refused(JSON.stringify(big))).toBe('The document is too large (at most 512 KB).');
    // Multi-byte characters count by their UTF-8 size.
    expect(refused(doc(p(text('€'.repeat(MAX_DOCUMENT_BYTES / 3 + 10)))))).toMatch(/too large/);
  });

  it('refuses a document nested too deeply without overflowing the stack', () => {
    let node: VellumNode = p(text('deep'));
    for (let i = 0; i < 30; i++) node = { type: 'blockquote', content: [node] };
    accepted(doc(node));
    for (let i = 0; i < 20; i++) node = { type: 'blockquote', content: [node] };
    expect(refused(doc(node))).toBe('The document is nested too deeply.');
    const hostile = `${'{"type":"doc","content":['.repeat(50_000)}${']}'.repeat(50_000)}`;
    expect(refused(hostile)).toMatch(/too large|nested too deeply/);
  });

  it('quotes long hostile names briefly in its messages', () => {
    const message = refused(doc({ type: `<img src=x onerror=alert(1)>${'x'.repeat(500)}` }));
    expect(message.length).toBeLessThan(100);
  });
});

describe('plain text and content', () => {
  it('reads the words of every block, for search', () => {
    expect(documentPlainText(richDocument as VellumNode)).toContain(
      'Title Small bold italic underlined code a link mail',
    );
    expect(documentPlainText(richDocument as VellumNode)).toContain('nested todo');
    expect(documentPlainText(richDocument as VellumNode)).toContain('merged header a');
  });

  it('tells an empty document from one with text, an image or a video', () => {
    expect(documentHasContent(doc(p(), p(text('  '))) as VellumNode)).toBe(false);
    expect(documentHasContent(doc(p(text('x'))) as VellumNode)).toBe(true);
    expect(documentHasContent(image('https://x.example/a.png') as VellumNode)).toBe(true);
    expect(documentHasContent(video('https://youtu.be/dQw4w9WgXcQ') as VellumNode)).toBe(true);
  });
});

describe('the hostile corpus', () => {
  const corpus = hostileDocuments();
  it('has over a hundred documents, each refused', () => {
    expect(corpus.length).toBeGreaterThan(100);
    for (const [name, input] of corpus) {
      const result = validateVellumDocument(input);
      if (result.ok) throw new Error(`accepted: ${name}`);
    }
  });

  it('keeps script payloads in text as inert text', () => {
    for (const payload of xssPayloads) accepted(doc(p(text(payload))));
  });
});
