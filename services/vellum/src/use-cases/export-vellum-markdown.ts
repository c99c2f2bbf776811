import { NotFound, type Caller } from '@vellum/platform';
import { markdownFileName } from '@vellum/proto/markdown';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { markdownOf } from '../domain/markdown-export';
import { readVellum } from './read-vellum';

/**
 * A vellum as a Markdown file, for whoever may read it (the owner, anyone for a public one). A missing vellum and
 * someone else's private one are Not Found alike.
 */
export async function exportVellumMarkdown(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { id: string },
): Promise<{ fileName: string; markdown: string }> {
  const readable = await readVellum(ctx, caller, input);
  if (!readable) throw new NotFound(vellumMessages.notFound);
  return { fileName: markdownFileName(readable.vellum.title), markdown: markdownOf(readable.vellum) };
}
