import { serializeDocument } from '../editor/document';
import { vellumApi } from '../api/vellumApi';

export type ImportOutcome =
  { ok: true; id: string; notices: string[] } | { ok: false; message: string; notices: string[] };

/**
 * A Markdown file as a new vellum: converted in the browser (the converter is loaded on first use, not with the
 * page), then created through the ordinary create call, which validates it again.
 */
export async function importMarkdownFile(file: File): Promise<ImportOutcome> {
  const [{ markdownToVellum }, text] = await Promise.all([import('@vellum/proto/markdown'), file.text()]);
  const read = markdownToVellum(text, file.name);
  if (!read.ok) return read;
  const { savedVellum } = await vellumApi.create({
    title: read.title,
    text: serializeDocument(read.doc),
  });
  return { ok: true, id: savedVellum.i, notices: read.notices };
}
