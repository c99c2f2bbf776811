import type { VellumNode } from '@vellum/proto';
import { hostileDocuments, richDocument, xssPayloads } from '@vellum/proto/test/fixtures/vellum-documents';

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const NODE_TYPES = [
  'doc',
  'paragraph',
  'text',
  'hardBreak',
  'heading',
  'blockquote',
  'codeBlock',
  'bulletList',
  'orderedList',
  'listItem',
  'taskList',
  'taskItem',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'image',
  'youtube',
  'script',
  'iframe',
  'html',
  'svg',
  'object',
  'embed',
  '__proto__',
  'constructor',
  'Paragraph',
  '',
];
const MARK_TYPES = [
  'bold',
  'italic',
  'underline',
  'code',
  'link',
  'textStyle',
  'highlight',
  'script',
  'toString',
];
const ATTR_NAMES = [
  'href',
  'src',
  'alt',
  'title',
  'level',
  'language',
  'checked',
  'start',
  'type',
  'colspan',
  'rowspan',
  'colwidth',
  'width',
  'height',
  'target',
  'rel',
  'class',
  'style',
  'onclick',
  'onerror',
  'onload',
  'srcdoc',
  'data',
  'formaction',
  'xlink:href',
  '__proto__',
  'constructor',
];
const SCHEMES = [
  'http:',
  'https:',
  'mailto:',
  'javascript:',
  'JaVaScRiPt:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  '',
];
const NOISE = ['', ' ', '\t', '\n', '\u0000', '\u200b', '\u202e', '\\', '//', '@', '%0a', '&#58;', '&colon;'];
const HOSTS = ['example.com', 'www.youtube.com', 'youtu.be', 'evil.example', 'youtube.com.evil.example', ''];

function url(r: Random): string {
  const id = Array.from({ length: r.pick([10, 11, 12]) }, () => r.pick([...'abcXYZ019_-<"'])).join('');
  const path = r.pick(['/', '/watch?v=' + id, '/embed/' + id, '/' + id, '/a?b=c', '/x.png', 'alert(1)']);
  return `${r.pick(NOISE)}${r.pick(SCHEMES)}${r.pick(NOISE)}${r.pick(['//', '', '///'])}${r.pick(HOSTS)}${r.pick(NOISE)}${path}`;
}

function value(r: Random, depth = 0): unknown {
  switch (r.int(12)) {
    case 0:
      return url(r);
    case 1:
      return r.pick(xssPayloads);
    case 2:
      return r.pick([0, 1, 2, 3, 4, -1, 1.5, 1e9, NaN, Infinity]);
    case 3:
      return r.pick([true, false, null]);
    case 4:
      return depth < 2 ? [value(r, depth + 1)] : [];
    case 5:
      return depth < 2 ? { toString: value(r, depth + 1), href: url(r) } : {};
    case 6:
      return r.pick([
        '1',
        '2',
        'typescript',
        'bash',
        '_blank',
        'noopener noreferrer nofollow',
        '640',
        '100%',
      ]);
    case 7:
      return [100, 200];
    default:
      return r.pick(['', 'x', 'https://example.com/', 'https://youtu.be/dQw4w9WgXcQ', 'mailto:a@b.c']);
  }
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Every node of a tree (the root included), for picking one to mutate. */
function nodesOf(root: VellumNode): VellumNode[] {
  const all: VellumNode[] = [];
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object' || Array.isArray(n)) return;
    all.push(n as VellumNode);
    const content = (n as VellumNode).content;
    if (Array.isArray(content)) content.forEach(walk);
  };
  walk(root);
  return all;
}

const childrenOf = (node: Record<string, unknown>): unknown[] =>
  Array.isArray(node.content) ? node.content : [];

/** Changes the editor itself could make: valid attributes, text, links, copies of nodes in their own place. */
function benign(r: Random, root: VellumNode): void {
  const nodes = nodesOf(root);
  const node = r.pick(nodes) as unknown as Record<string, unknown>;
  switch (node.type) {
    case 'heading':
      node.attrs = { level: r.pick([1, 2, 3]) };
      break;
    case 'codeBlock':
      node.attrs = { language: r.pick([null, 'bash', 'sql', 'yaml']) };
      break;
    case 'image':
      node.attrs = {
        src: r.pick(['https://x.example/b.png', 'http://img.example/c.jpg']),
        alt: r.pick([null, 'alt']),
      };
      break;
    case 'youtube':
      node.attrs = {
        src: r.pick(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/aaaaaaaaaaa']),
      };
      break;
    case 'text':
      node.text = r.pick(xssPayloads);
      node.marks = r.int(2)
        ? [{ type: 'link', attrs: { href: r.pick(['https://a.example/', 'mailto:x@y.z']) } }]
        : undefined;
      if (!node.marks) delete node.marks;
      break;
    default: {
      const content = childrenOf(node);
      if (content.length > 0) content.push(clone(r.pick(content)));
    }
  }
}

/** One random change to a node: its type, an attribute, a mark, its text or its children. */
function mutate(r: Random, root: VellumNode): void {
  const nodes = nodesOf(root);
  const node = r.pick(nodes) as unknown as Record<string, unknown>;
  switch (r.int(10)) {
    case 0:
      node.type = r.pick(NODE_TYPES);
      break;
    case 1:
    case 2:
      node.attrs = { ...(node.attrs as object | undefined), [r.pick(ATTR_NAMES)]: value(r) };
      break;
    case 3:
      node.marks = [{ type: r.pick(MARK_TYPES), attrs: r.int(2) ? { href: value(r) } : undefined }];
      break;
    case 4:
      node.text = value(r);
      break;
    case 5:
      node.content = [...childrenOf(node), clone(r.pick(nodes))];
      break;
    case 6:
      node.content = childrenOf(node).slice(1);
      break;
    case 7:
      node[r.pick(['html', 'attrs', 'content', 'marks', 'nodeType'])] = value(r);
      break;
    case 8: {
      let wrapped: unknown = clone(node);
      for (let i = r.int(60); i > 0; i--)
        wrapped = { type: r.pick(['blockquote', 'bulletList', 'listItem']), content: [wrapped] };
      node.content = [wrapped];
      break;
    }
    default:
      node.attrs = value(r);
  }
}

const SMALL: VellumNode[] = [
  { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
  { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://x.example/a.png' } }] },
  { type: 'doc', content: [{ type: 'youtube', attrs: { src: 'https://youtu.be/dQw4w9WgXcQ' } }] },
  {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'l', marks: [{ type: 'link', attrs: { href: 'https://x.example' } }] },
        ],
      },
    ],
  },
];

/**
 * The `n`-th fuzz case of a run: a seed document (every toolbar feature, small ones, the hostile corpus) with a few
 * random mutations, or, one time in eight, its JSON text with a few characters changed.
 */
export function fuzzCase(r: Random): unknown {
  const hostile = hostileDocuments();
  const seed = clone(
    r.int(3) === 0 ? (r.pick(hostile)[1] as VellumNode) : r.pick([richDocument as VellumNode, ...SMALL]),
  );
  for (let i = 1 + r.int(4); i > 0; i--) (r.int(5) < 2 ? mutate : benign)(r, seed);
  if (r.int(8) > 0) return seed;
  const chars = [...JSON.stringify(seed)];
  for (let i = 1 + r.int(3); i > 0; i--)
    chars[r.int(chars.length)] = r.pick([...'{}[]",:\\ ', 'x', '"javascript:']);
  return chars.join('');
}
