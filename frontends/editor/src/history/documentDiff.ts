// What changed between two versions of a vellum, in the document's own structure: its blocks (paragraphs, headings,
// list items, table cells, code blocks, images, videos) compared by their text, and the words of a block that changed.
// Pure: the History panel renders what it returns as React text.

/** A block of a document: what it is ('Paragraph', 'List item', 'Table cell' …) and its text. */
export interface Block {
  kind: string;
  text: string;
}

export interface WordChange {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export type BlockChange =
  | { op: 'same' | 'added' | 'removed'; kind: string; text: string }
  | { op: 'changed'; kind: string; words: WordChange[] };

interface Node {
  type?: unknown;
  text?: unknown;
  attrs?: Record<string, unknown>;
  content?: unknown;
}

const KINDS: Record<string, string> = {
  paragraph: 'Paragraph',
  heading: 'Heading',
  codeBlock: 'Code block',
  listItem: 'List item',
  taskItem: 'Task',
  tableCell: 'Table cell',
  tableHeader: 'Table heading',
  image: 'Image',
  youtube: 'Video',
};
/** Blocks whose text is everything inside them, in one (a table cell's paragraphs are the cell's text). */
const WHOLE = new Set(['paragraph', 'heading', 'codeBlock', 'tableCell', 'tableHeader']);
/** Blocks whose own text is their direct paragraphs; a list nested in them is blocks of its own. */
const ITEMS = new Set(['listItem', 'taskItem']);

const children = (node: Node): Node[] =>
  Array.isArray(node.content)
    ? node.content.filter((c): c is Node => typeof c === 'object' && c !== null)
    : [];

/** The text inside a node: its text nodes in order, a hard break as a line break. */
function textOf(node: Node): string {
  if (typeof node.text === 'string') return node.text;
  if (node.type === 'hardBreak') return '\n';
  return children(node)
    .map(textOf)
    .join(node.type === 'tableCell' || node.type === 'tableHeader' ? ' ' : '');
}

function collect(node: Node, into: Block[]): void {
  const type = typeof node.type === 'string' ? node.type : '';
  if (WHOLE.has(type)) {
    into.push({ kind: KINDS[type]!, text: textOf(node) });
  } else if (ITEMS.has(type)) {
    const own = children(node).filter((c) => c.type === 'paragraph');
    const checked = type === 'taskItem' ? (node.attrs?.checked === true ? '[x] ' : '[ ] ') : '';
    into.push({ kind: KINDS[type]!, text: checked + own.map(textOf).join('\n') });
    for (const child of children(node)) if (child.type !== 'paragraph') collect(child, into);
  } else if (type === 'image' || type === 'youtube') {
    const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
    const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
    into.push({ kind: KINDS[type]!, text: alt ? `${alt} (${src})` : src });
  } else {
    for (const child of children(node)) collect(child, into);
  }
}

/** The blocks of a document as stored (a JSON string, '' for an empty one); text that is not JSON has none. */
export function blocksOf(text: string): Block[] {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    return [];
  }
  const blocks: Block[] = [];
  if (typeof parsed === 'object' && parsed !== null) collect(parsed as Node, blocks);
  // An empty paragraph is spacing, not content: it would only add noise to the changes.
  return blocks.filter((b) => b.text !== '' || b.kind !== 'Paragraph');
}

/** Beyond this many cells (items × items) the middle of two lists is shown as removed then added, not aligned. */
const MAX_CELLS = 1_000_000;

type Op<T> = { op: 'same' | 'added' | 'removed'; item: T };

/** The longest common subsequence of two lists as same/removed/added steps, after their common ends. */
function align<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): Op<T>[] {
  let start = 0;
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA--;
    endB--;
  }
  const head: Op<T>[] = a.slice(0, start).map((item) => ({ op: 'same', item }));
  const tail: Op<T>[] = a.slice(endA).map((item) => ({ op: 'same', item }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0) {
    return [
      ...head,
      ...midA.map((item): Op<T> => ({ op: 'removed', item })),
      ...midB.map((item): Op<T> => ({ op: 'added', item })),
      ...tail,
    ];
  }
  // lengths[i * (m + 1) + j]: the common subsequence of midA[i..] and midB[j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i * (m + 1) + j] = same(midA[i]!, midB[j]!)
        ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
        : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
  const middle: Op<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(midA[i]!, midB[j]!)) {
      middle.push({ op: 'same', item: midA[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!) {
      middle.push({ op: 'removed', item: midA[i++]! });
    } else {
      middle.push({ op: 'added', item: midB[j++]! });
    }
  }
  while (i < n) middle.push({ op: 'removed', item: midA[i++]! });
  while (j < m) middle.push({ op: 'added', item: midB[j++]! });
  return [...head, ...middle, ...tail];
}

/** Words and the spaces between them, each a token, so that joining the tokens gives the text back. */
const tokens = (text: string) => text.split(/(\s+)/).filter((t) => t !== '');

/** The words of `before` and `after` marked same, removed or added (neighbours of one kind joined). */
export function diffWords(before: string, after: string): WordChange[] {
  const changes: WordChange[] = [];
  for (const { op, item } of align(tokens(before), tokens(after), (x, y) => x === y)) {
    const last = changes[changes.length - 1];
    if (last && last.op === op) last.text += item;
    else changes.push({ op, text: item });
  }
  return changes;
}

/**
 * What changed from `before` to `after` (documents as stored): every block in order, same, added or removed. In a run
 * of removed blocks followed by added ones, the n-th removed and the n-th added of the same kind are one changed
 * block, its words marked (an edited paragraph, not a paragraph gone and another come).
 */
export function diffDocuments(before: string, after: string): BlockChange[] {
  const steps = align(blocksOf(before), blocksOf(after), (x, y) => x.kind === y.kind && x.text === y.text);
  const changes: BlockChange[] = [];
  let k = 0;
  while (k < steps.length) {
    if (steps[k]!.op === 'same') {
      const { item } = steps[k++]!;
      changes.push({ op: 'same', kind: item.kind, text: item.text });
      continue;
    }
    const removed: Block[] = [];
    const added: Block[] = [];
    while (k < steps.length && steps[k]!.op === 'removed') removed.push(steps[k++]!.item);
    while (k < steps.length && steps[k]!.op === 'added') added.push(steps[k++]!.item);
    let pairs = 0;
    while (pairs < removed.length && pairs < added.length && removed[pairs]!.kind === added[pairs]!.kind) {
      changes.push({
        op: 'changed',
        kind: added[pairs]!.kind,
        words: diffWords(removed[pairs]!.text, added[pairs]!.text),
      });
      pairs++;
    }
    for (const b of removed.slice(pairs)) changes.push({ op: 'removed', kind: b.kind, text: b.text });
    for (const b of added.slice(pairs)) changes.push({ op: 'added', kind: b.kind, text: b.text });
  }
  return changes;
}
