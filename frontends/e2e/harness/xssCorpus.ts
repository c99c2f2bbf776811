/**
 * Script-injection payloads for the editor's fields. Each one, if it ever ran, sets window.__pwned or opens a
 * dialog; the test checks neither happens.
 */
export const MARKUP_PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  "'><img src=x onerror=window.__pwned=1>",
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<body onload=window.__pwned=1>',
  '<details open ontoggle=window.__pwned=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>',
  "{{constructor.constructor('window.__pwned=1')()}}",
  '${window.__pwned=1}',
  "<style>@import 'javascript:window.__pwned=1'</style>",
  '<input autofocus onfocus=window.__pwned=1>',
  '<video><source onerror="window.__pwned=1">',
  '<object data="javascript:window.__pwned=1">',
  '<embed src="javascript:window.__pwned=1">',
  '<form action="javascript:window.__pwned=1"><button>x</button></form>',
  '<marquee onstart=window.__pwned=1>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  '<!--<img src="--><img src=x onerror=window.__pwned=1//">',
  '<x contenteditable onblur=window.__pwned=1>lose focus</x>',
  '<div style="background:url(javascript:window.__pwned=1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  '<base href="javascript:window.__pwned=1//">',
];

/** Addresses a link, image or video must never hold. */
export const URL_PAYLOADS = [
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1',
  ' javascript:window.__pwned=1',
  'java\tscript:window.__pwned=1',
  'java\nscript:window.__pwned=1',
  'java\u200bscript:window.__pwned=1',
  '&#106;avascript:window.__pwned=1',
  'javascript&colon;window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  'data:image/svg+xml,<svg onload="window.__pwned=1">',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x.js',
  '\\\\evil.example\\x',
  '/relative/path',
  'https://user:pass@evil.example/',
  'http:\\\\evil.example',
  'blob:https://evil.example/1234',
  'about:blank',
  '"><script>window.__pwned=1</script>',
];

/** Video links that are not the video host's, or carry more than a video: refused as a video. */
export const VIDEO_ONLY_PAYLOADS = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=<script>',
  'https://evil.example/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com/watch?v=dQw4w9WgX"><script>',
  'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com/embed/dQw4w9WgXcQ/../../x',
];

/**
 * Web addresses with markup in them: valid URLs, so they may be stored, but they must stay inert in an attribute
 * (the editor sets attributes through the DOM, never by writing HTML).
 */
export const QUOTED_URLS = [
  "https://example.com/\"onerror='window.__pwned=1'",
  'https://example.com/"><script>window.__pwned=1</script>',
  "https://example.com/x' onload='window.__pwned=1",
];

type Node = Record<string, unknown>;
const paragraph = (content: Node[]): Node => ({ type: 'paragraph', content });
const doc = (...content: Node[]): Node => ({ type: 'doc', content });

export const linkDoc = (href: unknown) =>
  doc(paragraph([{ type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href } }] }]));
export const imageDoc = (src: unknown) => doc({ type: 'image', attrs: { src } });
export const videoDoc = (src: unknown) => doc({ type: 'youtube', attrs: { src } });

/** Every markup payload as text: in paragraphs, a heading, a code block and a safe link's text. */
export const textDoc = () =>
  doc(
    ...MARKUP_PAYLOADS.map((payload) => paragraph([{ type: 'text', text: payload }])),
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: MARKUP_PAYLOADS[0] }] },
    {
      type: 'codeBlock',
      attrs: { language: 'xml' },
      content: [{ type: 'text', text: MARKUP_PAYLOADS.join('\n') }],
    },
    paragraph([
      {
        type: 'text',
        text: MARKUP_PAYLOADS[1]!,
        marks: [{ type: 'link', attrs: { href: 'https://example.com/' } }],
      },
    ]),
  );

/** Attribute type confusion and unknown types or attributes: the document is refused whole. */
export const CONFUSED_DOCS: Array<[string, Node]> = [
  ['link href as a list', linkDoc(['javascript:window.__pwned=1'])],
  ['link href as an object', linkDoc({ toString: 'javascript:window.__pwned=1' })],
  ['image src as a list', imageDoc(['https://example.com/a.png', 'javascript:window.__pwned=1'])],
  ['image src as an object', imageDoc({ src: 'javascript:window.__pwned=1' })],
  ['video src as a list', videoDoc(['https://youtu.be/dQw4w9WgXcQ'])],
  [
    'heading level as text',
    doc({ type: 'heading', attrs: { level: '1' }, content: [{ type: 'text', text: 'x' }] }),
  ],
  ['code language as a list', doc({ type: 'codeBlock', attrs: { language: ['typescript'] } })],
  [
    'task checked as text',
    doc({
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { checked: 'true' }, content: [paragraph([{ type: 'text', text: 'x' }])] },
      ],
    }),
  ],
  [
    'link target as a list',
    doc(
      paragraph([
        {
          type: 'text',
          text: 'x',
          marks: [{ type: 'link', attrs: { href: 'https://example.com/', target: ['_blank'] } }],
        },
      ]),
    ),
  ],
  ['an onclick attribute', doc({ type: 'paragraph', attrs: { onclick: 'window.__pwned=1' } })],
  ['a script node', doc({ type: 'script', content: [{ type: 'text', text: 'window.__pwned=1' }] })],
  ['an iframe node', doc({ type: 'iframe', attrs: { src: 'javascript:window.__pwned=1' } })],
  ['a script mark', doc(paragraph([{ type: 'text', text: 'x', marks: [{ type: 'script' }] }]))],
  ['an html field', { ...doc(), html: '<script>window.__pwned=1</script>' }],
  ['text as a list', doc(paragraph([{ type: 'text', text: ['<script>window.__pwned=1</script>'] }]))],
];
