import { hasControlCharacter } from '../../text/control-characters';
import { VELLUM_TITLE_MAX } from '../limits';
import type { VellumNode } from '../validate';
import { escapeLineEdges } from './escape';
import { fromMarkdown, type MarkdownImport } from './from-markdown';
import { inlineToMarkdown } from './inline-to-markdown';
import { toMarkdown } from './to-markdown';

/**
 * A vellum as a Markdown file: its title as the first line, a level-1 heading (left out when the title is empty),
 * then the document.
 */
export function vellumToMarkdown(vellum: { title: string; doc: VellumNode | null }): string {
  const body = vellum.doc ? toMarkdown(vellum.doc) : '';
  if (vellum.title === '') return body;
  const title = `# ${escapeLineEdges(inlineToMarkdown([{ type: 'text', text: vellum.title }], { heading: true }))}\n`;
  return body === '' ? title : `${title}\n${body}`;
}

export type VellumImport = (MarkdownImport & { ok: true; title: string }) | (MarkdownImport & { ok: false });

const plainText = (node: VellumNode) => (node.content ?? []).map((n) => n.text ?? '').join('');

/**
 * A Markdown file as a new vellum: a first level-1 heading of plain text (no marks, no breaks, at most the title's
 * length) is the title, as `vellumToMarkdown` writes it; otherwise the title is `fallbackTitle` (the file's name).
 */
export function markdownToVellum(text: string, fallbackTitle: string): VellumImport {
  const read = fromMarkdown(text);
  if (!read.ok) return read;
  const [first, ...rest] = read.doc.content ?? [];
  const isTitle =
    first?.type === 'heading' &&
    first.attrs?.level === 1 &&
    (first.content ?? []).every((n) => n.type === 'text' && !n.marks?.length) &&
    plainText(first).trim() !== '' &&
    !hasControlCharacter(plainText(first)) &&
    plainText(first).length <= VELLUM_TITLE_MAX;
  if (!isTitle) return { ...read, title: titleOf(fallbackTitle) };
  const doc = { ...read.doc, content: rest.length ? rest : [{ type: 'paragraph' }] };
  return { ...read, doc, title: plainText(first) };
}

/** A title from a file name: without its extension and line breaks, cut to the longest title. */
export function titleOf(fileName: string): string {
  const base = fileName
    .replace(/\.(md|markdown|txt)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ([...base].slice(0, VELLUM_TITLE_MAX).join('') || 'Imported Vellum').trim();
}

/** A file name for a vellum's Markdown: the title's letters and digits joined by hyphens, `vellum` when none. */
export function markdownFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'vellum'}.md`;
}
