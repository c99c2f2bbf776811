import {
  documentHasContent,
  validateVellumDocument,
  type VellumDocument,
  type VellumNode,
} from '@vellum/proto/editor';

export const EMPTY_DOCUMENT: VellumDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

export type ParsedText =
  { ok: true; doc: VellumDocument } | { ok: false; doc: VellumDocument; message: string };

/**
 * A vellum's `text` (the document as a JSON string, '' for an empty vellum) as a document for the editor. Checked
 * with the same validator as the service: what does not pass is shown as an empty vellum (spec section 8: a vellum
 * that fails to load is treated as empty), never handed to the editor.
 */
export function parseVellumText(text: string | null | undefined): ParsedText {
  if (!text) return { ok: true, doc: EMPTY_DOCUMENT };
  const result = validateVellumDocument(text);
  return result.ok
    ? { ok: true, doc: result.doc }
    : { ok: false, doc: EMPTY_DOCUMENT, message: result.message };
}

export function serializeDocument(doc: VellumNode): string {
  return JSON.stringify(doc);
}

export function hasContent(doc: VellumNode): boolean {
  return documentHasContent(doc);
}
