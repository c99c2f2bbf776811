import { Forbidden, type Caller } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { markdownOf, uniqueFileNames } from '../domain/markdown-export';
import { authorStore } from '../store/author-store';
import { vellumStore } from '../store/vellum-store';

export interface MarkdownFile {
  name: string;
  content: string;
  modified: Date;
}

/**
 * Every vellum of an owner as Markdown files, for the owner alone (anyone else, and an unknown name alike: 403). The
 * count is known at once; the files are read one at a time as they are consumed, so a large account
 * is never held in memory whole.
 */
export async function exportAllVellums(
  ctx: VellumContext,
  caller: Caller,
  input: { username: string },
): Promise<{ count: number; files: AsyncIterable<MarkdownFile> }> {
  const author = await authorStore.byUsername(ctx.db, input.username);
  if (!author || author.id !== caller.id) throw new Forbidden(vellumMessages.exportOwnerOnly);
  const vellums = await vellumStore.listByOwner(ctx.db, author.id, { all: true });
  const nameOf = uniqueFileNames();
  async function* files(): AsyncIterable<MarkdownFile> {
    for (const summary of vellums) {
      const vellum = await vellumStore.byId(ctx.db, summary.id);
      // Deleted since the list was read: left out.
      if (!vellum || vellum.ownerId !== author!.id) continue;
      yield { name: nameOf(vellum.title), content: markdownOf(vellum), modified: vellum.lastEdited };
    }
  }
  return { count: vellums.length, files: files() };
}
