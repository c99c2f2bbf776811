import type { VellumNode } from '../validate';
import { entityOf, escapeInline, escapeLineEdges, escapeTitle, escapeUrl } from './escape';
import { inlineToMarkdown, type InlineContext } from './inline-to-markdown';
import { tableGrid } from './table-grid';
import { VIDEO_LINK_TEXT, videoLinkOf } from './video-link';

const LIST_FAMILY: Record<string, 'bullet' | 'ordered' | undefined> = {
  bulletList: 'bullet',
  taskList: 'bullet',
  orderedList: 'ordered',
};
/** Two lists in a row would merge into one: the second takes the other marker. */
const MARKERS = { bullet: ['-', '*'], ordered: ['.', ')'] } as const;

const isEmptyParagraph = (node: VellumNode) => node.type === 'paragraph' && !(node.content ?? []).length;

/** Blocks Markdown can hold: an empty paragraph has no Markdown of its own and is left out. */
const visible = (blocks: readonly VellumNode[] | undefined) =>
  (blocks ?? []).filter((b) => !isEmptyParagraph(b));

/**
 * A paragraph's line. A line that is a lone `<br>` would read as an HTML block: it is written after a space (as a
 * character reference), which is all it changes.
 */
function line(content: readonly VellumNode[] | undefined, context: InlineContext = {}): string {
  const text = escapeLineEdges(inlineToMarkdown(content, context));
  return text === '<br>' ? `${entityOf(' ')}<br>` : text;
}

const indent = (text: string, first: string, rest: string) =>
  text
    .split('\n')
    .map((l, i) => (l === '' ? (i === 0 ? first : rest).trimEnd() : (i === 0 ? first : rest) + l))
    .join('\n');

function image(node: VellumNode, context: InlineContext = {}): string {
  const pipes = (s: string) => (context.table ? s.replace(/\|/g, '\\|') : s);
  const alt = typeof node.attrs?.alt === 'string' ? escapeInline(node.attrs.alt) : '';
  const title =
    typeof node.attrs?.title === 'string' && node.attrs.title ? ` "${escapeTitle(node.attrs.title)}"` : '';
  return `![${alt}](${pipes(escapeUrl(String(node.attrs?.src ?? '')) + title)})`;
}

function video(node: VellumNode): string {
  const href = videoLinkOf(node.attrs?.src, node.attrs?.start);
  return href ? `[${VIDEO_LINK_TEXT}](${escapeUrl(href)})` : '';
}

function codeBlock(node: VellumNode): string {
  const text = (node.content ?? [])
    .map((t) => t.text ?? '')
    .join('')
    .replace(/\r\n?/g, '\n');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const language = typeof node.attrs?.language === 'string' ? node.attrs.language : '';
  return `${fence}${language}\n${text}${text === '' ? '' : '\n'}${fence}`;
}

/** One item: `bullet` is the list marker (its width sets the indentation), `box` a task's `[ ]` or `[x]`. */
function listItem(item: VellumNode, bullet: string, box?: string): string {
  const all = visible(item.content);
  const [first, ...rest] = all;
  const pad = ' '.repeat(bullet.length + 1);
  const marker = box ? `${bullet} ${box}` : bullet;
  if (first?.type === 'paragraph') {
    const body = [line(first.content), blocksOf(rest)].filter((b) => b !== '').join('\n\n');
    return indent(body, `${marker} `, pad);
  }
  if (!first) return marker;
  // No text before the first block: a task keeps its box on a line of its own; a list item starts on the next line.
  const separator = box ? '\n\n' : '\n';
  return `${marker}${separator}${indent(blocksOf(all), pad, pad)}`;
}

function list(node: VellumNode, variant: number): string {
  const items = node.content ?? [];
  if (node.type === 'orderedList') {
    const start = Number(node.attrs?.start ?? 1);
    const delimiter = MARKERS.ordered[variant]!;
    return items.map((item, i) => listItem(item, `${start + i}${delimiter}`)).join('\n');
  }
  const bullet = MARKERS.bullet[variant]!;
  return items
    .map((item) =>
      listItem(item, bullet, node.type === 'taskList' ? `[${item.attrs?.checked ? 'x' : ' '}]` : undefined),
    )
    .join('\n');
}

/** A cell's blocks as the one line a Markdown table cell holds, blocks joined by line breaks. */
function cellLines(blocks: readonly VellumNode[]): string[] {
  return blocks.flatMap((b): string[] => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        return [inlineToMarkdown(b.content, { table: true })];
      case 'image':
        return [image(b, { table: true })];
      case 'youtube':
        return [video(b)];
      case 'codeBlock':
        return [escapeInline((b.content ?? []).map((t) => t.text ?? '').join(''))];
      default:
        return cellLines(b.content ?? []);
    }
  });
}

function table(node: VellumNode): string {
  const grid = tableGrid(node);
  if (!grid[0]?.length) return '';
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const text = grid.map((cells) =>
    row(
      cells.map((cell) => escapeLineEdges(cell.node ? cellLines(cell.node.content ?? []).join('<br>') : '')),
    ),
  );
  const rule = grid[0].map(({ node: cell }) => {
    const align = cell?.attrs?.align;
    return align === 'left' ? ':---' : align === 'center' ? ':---:' : align === 'right' ? '---:' : '---';
  });
  return [text[0], row(rule), ...text.slice(1)].join('\n');
}

function block(node: VellumNode, variant = 0): string {
  switch (node.type) {
    case 'paragraph':
      return line(node.content);
    case 'heading': {
      const text = line(node.content, { heading: true });
      return '#'.repeat(Number(node.attrs?.level ?? 1)) + (text ? ` ${text}` : '');
    }
    case 'blockquote':
      return indent(blocksOf(node.content) || '', '> ', '> ') || '>';
    case 'codeBlock':
      return codeBlock(node);
    case 'bulletList':
    case 'taskList':
    case 'orderedList':
      return list(node, variant);
    case 'table':
      return table(node);
    case 'image':
      return image(node);
    case 'youtube':
      return video(node);
    default:
      return blocksOf(node.content);
  }
}

function blocksOf(nodes: readonly VellumNode[] | undefined): string {
  const out: string[] = [];
  let previous: { family: string; variant: number } | undefined;
  for (const node of visible(nodes)) {
    const family = LIST_FAMILY[node.type];
    const variant = family && previous?.family === family ? 1 - previous.variant : 0;
    const text = block(node, variant);
    previous = family ? { family, variant } : undefined;
    if (text !== '') out.push(text);
  }
  return out.join('\n\n');
}

/**
 * A vellum document as GitHub-flavoured Markdown, ending with a line feed ('' for an empty document). See index.ts
 * for what each node becomes and what Markdown cannot hold.
 */
export function toMarkdown(doc: VellumNode): string {
  const text = blocksOf(doc.content);
  return text === '' ? '' : `${text}\n`;
}
