import type { VellumNode } from '../validate';
import { entityOf, escapeInline, escapeTitle, escapeUrl } from './escape';
import { classify } from './characters';

/** Where a line of inline content goes: headings also escape `#`, table cells also escape `|` in code and URLs. */
export interface InlineContext {
  heading?: boolean;
  table?: boolean;
}

type MarkKind = 'link' | 'underline' | 'bold' | 'italic';
interface OpenMark {
  kind: MarkKind;
  key: string;
  href?: string;
  title?: string | null;
}
interface Atom {
  char: string;
  marks: OpenMark[];
  code: boolean;
}
type Segment = { kind: 'text'; text: string; marks: OpenMark[]; code: boolean } | { kind: 'break' };
type Piece =
  | { kind: 'text'; s: string }
  | { kind: 'raw'; s: string }
  | { kind: 'delim'; s: '**' | '_'; role: 'open' | 'close' };

/** Which of two marks of the same extent opens first: links and underline (tags) outside emphasis. */
const OPEN_ORDER: Record<MarkKind, number> = { link: 0, underline: 1, bold: 2, italic: 3 };
const DELIMITERS = { bold: '**', italic: '_' } as const;

function marksOf(node: VellumNode): { marks: OpenMark[]; code: boolean } {
  const marks: OpenMark[] = [];
  let code = false;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'code') code = true;
    else if (mark.type === 'link') {
      const href = String(mark.attrs?.href ?? '');
      const title =
        typeof mark.attrs?.title === 'string' && mark.attrs.title !== '' ? mark.attrs.title : null;
      marks.push({ kind: 'link', key: `link:${JSON.stringify([href, title])}`, href, title });
    } else if (mark.type === 'bold' || mark.type === 'italic' || mark.type === 'underline') {
      marks.push({ kind: mark.type, key: mark.type });
    }
  }
  // A code span holds nothing else (the schema's code mark excludes every other mark).
  return code ? { marks: [], code } : { marks, code };
}

/**
 * Emphasis cannot start or end with whitespace in Markdown: bold and italic are taken off the whitespace at the
 * edges of each of their runs (the text is unchanged, only where the emphasis starts and ends).
 */
function trimEmphasis(line: Atom[]): void {
  for (const kind of ['bold', 'italic'] as const) {
    let start = 0;
    while (start < line.length) {
      if (!line[start]!.marks.some((m) => m.kind === kind)) {
        start++;
        continue;
      }
      let end = start;
      while (end < line.length && line[end]!.marks.some((m) => m.kind === kind)) end++;
      const drop = (atom: Atom) => (atom.marks = atom.marks.filter((m) => m.kind !== kind));
      let from = start;
      while (from < end && classify(line[from]!.char) === 'space') drop(line[from++]!);
      let to = end - 1;
      while (to >= from && classify(line[to]!.char) === 'space') drop(line[to--]!);
      start = end;
    }
  }
}

const sameMarks = (a: Atom | (Segment & { kind: 'text' }), b: Atom) =>
  a.code === b.code &&
  a.marks.length === b.marks.length &&
  a.marks.every((m) => b.marks.some((n) => n.key === m.key));

function segmentsOf(content: VellumNode[]): Segment[] {
  const segments: Segment[] = [];
  let line: Atom[] = [];
  const flush = () => {
    trimEmphasis(line);
    for (const atom of line) {
      const last = segments.at(-1);
      if (last?.kind === 'text' && sameMarks(last, atom)) last.text += atom.char;
      else segments.push({ kind: 'text', text: atom.char, marks: atom.marks, code: atom.code });
    }
    line = [];
  };
  for (const node of content) {
    if (node.type === 'hardBreak') {
      flush();
      segments.push({ kind: 'break' });
    } else if (node.type === 'text' && node.text) {
      const { marks, code } = marksOf(node);
      for (const char of node.text) line.push({ char, marks, code });
    }
  }
  flush();
  return segments;
}

/** A code span: a fence longer than any run of backticks inside, padded where the reader would strip or merge. */
function codeSpan(text: string, context: InlineContext): string {
  let content = text.replace(/\r\n?|\n/g, ' ');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // The reader strips one space from each side of content that starts and ends with one and is not all spaces.
  const pad =
    content.startsWith('`') ||
    content.endsWith('`') ||
    (content.startsWith(' ') && content.endsWith(' ') && /[^ ]/.test(content));
  if (context.table) content = content.replace(/\|/g, '\\|');
  return pad ? `${fence} ${content} ${fence}` : `${fence}${content}${fence}`;
}

function linkEnd(mark: OpenMark, context: InlineContext): string {
  const pipes = (s: string) => (context.table ? s.replace(/\|/g, '\\|') : s);
  const title = mark.title ? ` "${pipes(escapeTitle(mark.title))}"` : '';
  return `](${pipes(escapeUrl(mark.href ?? ''))}${title})`;
}

/** How many segments from `index` on carry `key` without a break. */
function extentOf(segments: Segment[], index: number, key: string): number {
  let n = 0;
  for (let i = index; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.kind !== 'text' || !segment.marks.some((m) => m.key === key)) break;
    n++;
  }
  return n;
}

function piecesOf(segments: Segment[], context: InlineContext): Piece[] {
  const pieces: Piece[] = [];
  const stack: OpenMark[] = [];
  const close = (mark: OpenMark) => {
    if (mark.kind === 'link') pieces.push({ kind: 'raw', s: linkEnd(mark, context) });
    else if (mark.kind === 'underline') pieces.push({ kind: 'raw', s: '</u>' });
    else pieces.push({ kind: 'delim', s: DELIMITERS[mark.kind], role: 'close' });
  };
  const open = (mark: OpenMark) => {
    if (mark.kind === 'link') pieces.push({ kind: 'raw', s: '[' });
    else if (mark.kind === 'underline') pieces.push({ kind: 'raw', s: '<u>' });
    else pieces.push({ kind: 'delim', s: DELIMITERS[mark.kind], role: 'open' });
  };
  const closeFrom = (depth: number) => {
    while (stack.length > depth) close(stack.pop()!);
  };
  segments.forEach((segment, index) => {
    if (segment.kind === 'break') {
      closeFrom(0);
      pieces.push({ kind: 'raw', s: '<br>' });
      return;
    }
    const keep = stack.findIndex((m) => !segment.marks.some((n) => n.key === m.key));
    if (keep >= 0) closeFrom(keep);
    const opening = segment.marks
      .filter((m) => !stack.some((n) => n.key === m.key))
      .map((m) => ({ m, extent: extentOf(segments, index, m.key) }))
      .sort((a, b) => b.extent - a.extent || OPEN_ORDER[a.m.kind] - OPEN_ORDER[b.m.kind]);
    for (const { m } of opening) {
      open(m);
      stack.push(m);
    }
    if (segment.code) pieces.push({ kind: 'raw', s: codeSpan(segment.text, context) });
    else {
      pieces.push({ kind: 'text', s: escapeInline(segment.text, context) });
    }
  });
  closeFrom(0);
  return pieces.filter((p) => p.s !== '');
}

/** The character at one edge of a piece's text (a whole code point). */
const lastChar = (s: string) =>
  String.fromCodePoint(s.codePointAt(s.length - 1 - (/[\udc00-\udfff]$/.test(s) ? 1 : 0))!);
const firstChar = (s: string) => String.fromCodePoint(s.codePointAt(0)!);

/**
 * Makes every emphasis delimiter open or close as CommonMark's flanking rules read it. Where a letter (or any other
 * character that is neither space nor punctuation) beside a delimiter would stop it, that letter is written as a
 * character reference, which starts and ends with punctuation and reads back as the same letter.
 */
function fixFlanking(pieces: Piece[]): void {
  const kindAt = (i: number, edge: 'last' | 'first') => {
    const piece = pieces[i];
    if (!piece) return 'space';
    return classify(edge === 'last' ? lastChar(piece.s) : firstChar(piece.s));
  };
  let changed = true;
  const encode = (i: number, edge: 'last' | 'first') => {
    const piece = pieces[i]!;
    if (piece.kind !== 'text') return;
    changed = true;
    if (edge === 'last') {
      const char = lastChar(piece.s);
      piece.s = piece.s.slice(0, piece.s.length - char.length) + entityOf(char);
    } else {
      const char = firstChar(piece.s);
      piece.s = entityOf(char) + piece.s.slice(char.length);
    }
  };
  // Encoding a letter can turn a neighbouring delimiter's other side into punctuation: repeat until nothing moves.
  while (changed) {
    changed = false;
    pieces.forEach(check);
  }
  function check(piece: Piece, i: number) {
    if (piece.kind !== 'delim') return;
    const before = kindAt(i - 1, 'last');
    const after = kindAt(i + 1, 'first');
    // Whitespace inside a delimiter (a mark reopened where a run of emphasis is split) is written as a reference.
    if (piece.role === 'open' && after === 'space') encode(i + 1, 'first');
    else if (piece.role === 'close' && before === 'space') encode(i - 1, 'last');
    else if (piece.role === 'open') {
      const needsEdgeBefore = piece.s === '_' || after === 'punct';
      if (needsEdgeBefore && before === 'other') encode(i - 1, 'last');
    } else {
      const needsEdgeAfter = piece.s === '_' || before === 'punct';
      if (needsEdgeAfter && after === 'other') encode(i + 1, 'first');
    }
  }
}

/** Inline content (text with marks, hard breaks) as one line of Markdown, before the line's edges are escaped. */
export function inlineToMarkdown(
  content: readonly VellumNode[] | undefined,
  context: InlineContext = {},
): string {
  const pieces = piecesOf(segmentsOf([...(content ?? [])]), context);
  fixFlanking(pieces);
  // A `!` just before a link would make it an image.
  pieces.forEach((piece, i) => {
    if (piece.kind === 'text' && piece.s.endsWith('!') && pieces[i + 1]?.s.startsWith('[')) {
      piece.s = `${piece.s.slice(0, -1)}\\!`;
    }
  });
  return pieces.map((p) => p.s).join('');
}
