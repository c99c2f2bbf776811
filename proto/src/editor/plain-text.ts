import type { VellumNode } from './validate';

const BLOCK_SEPARATED = new Set([
  'paragraph',
  'heading',
  'codeBlock',
  'tableCell',
  'tableHeader',
  'listItem',
  'taskItem',
]);

/** The words of a document, blocks separated by a space: what text search looks in. */
export function documentPlainText(doc: VellumNode): string {
  const parts: string[] = [];
  const walk = (node: VellumNode) => {
    if (node.type === 'text' && typeof node.text === 'string') parts.push(node.text);
    else if (node.type === 'hardBreak') parts.push(' ');
    for (const child of node.content ?? []) walk(child);
    if (BLOCK_SEPARATED.has(node.type)) parts.push(' ');
  };
  walk(doc);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** True when the document shows something: visible text, an image or a video. */
export function documentHasContent(doc: VellumNode): boolean {
  if (doc.type === 'image' || doc.type === 'youtube') return true;
  if (doc.type === 'text' && typeof doc.text === 'string' && doc.text.trim() !== '') return true;
  return (doc.content ?? []).some(documentHasContent);
}
