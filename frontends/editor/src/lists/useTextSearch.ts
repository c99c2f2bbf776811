import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { VELLUM_SEARCH_MIN, type VellumSearchHit, type VellumSearchResponse } from '@vellum/proto/api';
import { useDebounce } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';

/** A text search runs after an 800 ms pause (spec sections 5 and 9). */
export const SEARCH_DEBOUNCE_MS = 800;

/** A failed search page is only logged and ends the results, which may then read 'No Vellums found.' (section 8). */
async function searchPage(username: string | null, text: string, cursor: string | null) {
  try {
    return await vellumApi.search(username, text, cursor);
  } catch (error) {
    console.warn('The search failed', error);
    return { vellums: [], nextCursor: null, capped: false } satisfies VellumSearchResponse;
  }
}

/** Pages in order, each vellum once (one edited between two pages may come again). */
export function mergePages<T extends { i: string }>(pages: ReadonlyArray<{ vellums: readonly T[] }>): T[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.vellums).filter((vellum) => !seen.has(vellum.i) && seen.add(vellum.i));
}

/**
 * Text search on the server, best match first, a page at a time: in `username`'s vellums (the owner's box), or
 * with `username` null in every public one (Discover). Only with 2 or more characters after the pause; below
 * that, and when emptied, `results` is null and the full list shows again.
 */
export function useTextSearch(username: string | null, enabled = true) {
  const [value, setValue] = useState('');
  const settled = useDebounce(value.trim().toLocaleLowerCase(), SEARCH_DEBOUNCE_MS);
  const active = enabled && settled.length >= VELLUM_SEARCH_MIN;
  const pages = useInfiniteQuery({
    queryKey: queryKeys.search(username, settled),
    queryFn: ({ pageParam }) => searchPage(username, settled, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: active,
    staleTime: 0,
  });
  const results: VellumSearchHit[] | null = active && pages.data ? mergePages(pages.data.pages) : null;
  return {
    value,
    setValue,
    /** The vellums found so far, or null when no search applies. */
    results,
    searching: active && pages.isFetching,
    hasMore: active && pages.hasNextPage,
    /** The search matched more than are ranked: the results are the best of the most recently edited. */
    capped: active && (pages.data?.pages.at(-1)?.capped ?? false),
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => {
      if (!pages.isFetchingNextPage) void pages.fetchNextPage({ cancelRefetch: false });
    },
  };
}

export type TextSearch = ReturnType<typeof useTextSearch>;
