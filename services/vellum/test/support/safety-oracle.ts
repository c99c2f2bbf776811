/**
 * An independent judge of stored documents, written without the validator's code: it lists what would be unsafe to
 * render. Node and mark names, attribute names and value types come from the editor's toolbar (spec section 2);
 * addresses are checked with the WHATWG URL parser and plain patterns.
 */
const NODES: Record<string, string[]> = {
  doc: [],
  paragraph: [],
  text: [],
  hardBreak: [],
  heading: ['level'],
  blockquote: [],
  codeBlock: ['language'],
  bulletList: [],
  orderedList: ['start', 'type'],
  listItem: [],
  taskList: [],
  taskItem: ['checked'],
  table: [],
  tableRow: [],
  tableHeader: ['colspan', 'rowspan', 'colwidth', 'align'],
  tableCell: ['colspan', 'rowspan', 'colwidth', 'align'],
  image: ['src', 'alt', 'title', 'width', 'height'],
  youtube: ['src', 'start', 'width', 'height'],
};
const MARKS: Record<string, string[]> = {
  bold: [],
  italic: [],
  underline: [],
  code: [],
  link: ['href', 'target', 'rel', 'class', 'title'],
};

const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function webUrl(v: unknown, schemes: string[]): boolean {
  // Hidden characters let an address pose as another (spoofing) or slip past a browser's scheme check.
  if (
    typeof v !== 'string' ||
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\\]/.test(v)
  ) {
    return false;
  }
  try {
    const u = new URL(v);
    if (!schemes.includes(u.protocol)) return false;
    return u.protocol === 'mailto:' ? u.pathname !== '' : u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}

const VIDEO =
  /^https?:\/\/(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\/(watch\?v=|embed\/|shorts\/)?[\w-]{11}([?&][\w=&.-]*)?$/;

export function unsafeParts(input: unknown): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 100 || !node || typeof node !== 'object') return void problems.push('not a node');
    const n = node as Record<string, unknown>;
    const allowed = NODES[String(n.type)];
    if (!allowed || !Object.hasOwn(NODES, String(n.type)))
      return void problems.push(`node ${String(n.type)}`);
    for (const key of Object.keys(n))
      if (!['type', 'attrs', 'content', 'marks', 'text'].includes(key)) problems.push(`field ${key}`);
    for (const [name, v] of Object.entries((n.attrs as object) ?? {})) {
      if (!allowed.includes(name)) problems.push(`attribute ${name}`);
      else if (
        name === 'colwidth' ? !(v === null || (Array.isArray(v) && v.every(Number.isInteger))) : !plain(v)
      ) {
        problems.push(`attribute ${name} of type ${typeof v}`);
      }
    }
    if (n.type === 'image' && !webUrl((n.attrs as Record<string, unknown>)?.src, ['http:', 'https:']))
      problems.push('image src');
    if (n.type === 'youtube' && !VIDEO.test(String((n.attrs as Record<string, unknown>)?.src)))
      problems.push('video src');
    if (n.text !== undefined && typeof n.text !== 'string') problems.push('text type');
    for (const mark of (n.marks as unknown[]) ?? []) {
      const m = mark as Record<string, unknown>;
      const markAllowed = Object.hasOwn(MARKS, String(m.type)) ? MARKS[String(m.type)]! : undefined;
      if (!markAllowed) problems.push(`mark ${String(m.type)}`);
      for (const [name, v] of Object.entries((m.attrs as object) ?? {})) {
        if (!markAllowed?.includes(name) || !plain(v)) problems.push(`mark attribute ${name}`);
      }
      if (
        m.type === 'link' &&
        !webUrl((m.attrs as Record<string, unknown>)?.href, ['http:', 'https:', 'mailto:'])
      ) {
        problems.push('link href');
      }
    }
    for (const child of (n.content as unknown[]) ?? []) walk(child, depth + 1);
  };
  walk(typeof input === 'string' ? JSON.parse(input) : input, 0);
  return problems;
}
