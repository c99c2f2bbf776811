import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DiscoverResponse } from '@vellum/proto/api';
import { Container, LoadingOverlay, useTitle } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { MoreOnScroll } from '../lists/MoreOnScroll';
import { SearchBox } from '../lists/SearchBox';
import { mergePages, useTextSearch } from '../lists/useTextSearch';
import { VellumListView } from '../lists/VellumListView';
import { texts } from '../texts';
import '../styles/lists.css';

/** List failures are only logged (spec section 8): the page then reads as the end of the list. */
async function loadPage(cursor: string | null): Promise<DiscoverResponse> {
  try {
    return await vellumApi.discover(cursor);
  } catch (error) {
    console.warn('Could not load the public Vellums', error);
    return { vellums: [], nextCursor: null };
  }
}

/**
 * /vellums: every public vellum, newest edited first, more pages as the list is scrolled (spec section 2); the text
 * search box searches their titles and text instead, best match first.
 */
export default function DiscoverPage() {
  useTitle(texts.discoverVellums);
  const search = useTextSearch(null);
  const pages = useInfiniteQuery({
    queryKey: queryKeys.discover(),
    queryFn: ({ pageParam }) => loadPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const items = useMemo(() => mergePages(pages.data?.pages ?? []), [pages.data]);
  return (
    <Container className="py-4" data-testid="discover-page">
      <h1 className="h3 mb-3">{texts.discoverVellums}</h1>
      <LoadingOverlay show={pages.isPending} delay={300} />
      {pages.isPending ? null : (
        <VellumListView
          items={items}
          variant="discover"
          emptyText={texts.noPublicVellums}
          found={{ hits: search.results, search, variant: 'discover' }}
          controls={<SearchBox search={search} label={texts.searchPublicPlaceholder} />}
        />
      )}
      {pages.hasNextPage && search.results === null ? (
        <MoreOnScroll
          loading={pages.isFetchingNextPage}
          onMore={() => {
            if (!pages.isFetchingNextPage) void pages.fetchNextPage({ cancelRefetch: false });
          }}
        />
      ) : null}
    </Container>
  );
}
