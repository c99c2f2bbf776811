import { pageOf, parseSearch, snippetOf, tsqueryText, tsqueryWordsText, type Caller } from '@vellum/platform';
import type { TextSnippet } from '@vellum/proto';
import type { VellumContext } from '../context';
import { searchCursor } from '../domain/cursor';
import { titleMarksOf } from '../domain/snippet';
import { authorStore } from '../store/author-store';
import { vellumStore, type VellumSummary } from '../store/vellum-store';

export interface SearchInput {
  /** The search as typed, already checked (`searchTermOf`). */
  search: string;
  cursor?: string;
  limit: number;
  /** An author's vellums (all of them for the author unless `publicOnly`); absent: everybody's public ones. */
  author?: { username: string; publicOnly: boolean };
}

export interface SearchPage {
  vellums: Array<VellumSummary & { snippet: TextSnippet; titleMarks: TextSnippet['marks'] }>;
  nextCursor: string | null;
  /** More matches than are ranked (`VELLUM_SEARCH_RANKED`): these are the best of the most recently edited. */
  capped: boolean;
}

/**
 * Text search, best match first, a page at a time: in one author's vellums (the author's own private ones only for
 * the author) or in every public vellum. A search with no letters or digits, or an unknown author, finds nothing.
 */
export async function searchVellums(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: SearchInput,
): Promise<SearchPage> {
  const key = searchCursor.decode(input.cursor);
  const parsed = parseSearch(input.search);
  if (!parsed) return { vellums: [], nextCursor: null, capped: false };
  let scope: { ownerId: string; all: boolean } | 'public' = 'public';
  if (input.author) {
    const author = await authorStore.byUsername(ctx.db, input.author.username);
    if (!author) return { vellums: [], nextCursor: null, capped: false };
    scope = { ownerId: author.id, all: caller?.id === author.id && !input.author.publicOnly };
  }
  const { rows, windowFull } = await vellumStore.search(ctx.db, {
    tsquery: tsqueryText(parsed),
    wordsTsquery: tsqueryWordsText(parsed),
    scope,
    after: key && { rank: key[0], id: key[1] },
    limit: input.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, input.limit, (last) =>
    searchCursor.encode([last.key.rank, last.key.id]),
  );
  return {
    vellums: page.map(({ key: _key, headline, titleHeadline, ...row }) => ({
      ...row,
      snippet: snippetOf(headline),
      titleMarks: titleMarksOf(row.title, titleHeadline),
    })),
    nextCursor,
    capped: windowFull,
  };
}
