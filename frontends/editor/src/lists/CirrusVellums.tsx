import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { VellumListItem } from '@vellum/proto/api';
import { Container, LoadingOverlay, NotFound, paths, possessive, useSession, useTitle } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import type { ViewedCirrus } from '../api/types';
import { texts } from '../texts';
import { SearchBox } from './SearchBox';
import { useTextSearch } from './useTextSearch';
import { VellumListView } from './VellumListView';
import { ExportAllButton } from '../markdown/ExportAllButton';

export function cirrusName(cirrus: ViewedCirrus): string {
  return cirrus.displayName || cirrus.display_name || cirrus.username;
}

/** List failures are only logged (spec section 8): the list then reads as empty. */
async function loadList(username: string): Promise<VellumListItem[]> {
  try {
    return (await vellumApi.list(username)).vellums;
  } catch (error) {
    console.warn('Could not load the Vellums', error);
    return [];
  }
}

export interface CirrusVellumsProps {
  username: string;
  /** The /public variant: public vellums only, columns Title and Updated, no owner controls. */
  publicOnly: boolean;
}

/**
 * A cirrus's vellums (spec section 2): Not Found when the account cannot be loaded; the page title is the
 * display name in possessive form plus 'Vellums'; the signed-in owner also gets the text search and New Vellum.
 */
export function CirrusVellums({ username, publicOnly }: CirrusVellumsProps) {
  const { signedCirrus } = useSession();
  const isOwner = !publicOnly && signedCirrus?.username === username;
  const cirrus = useQuery({
    queryKey: queryKeys.cirrus(username),
    queryFn: () => vellumApi.cirrus(username),
    retry: false,
  });
  const list = useQuery({
    queryKey: queryKeys.list(username),
    queryFn: () => loadList(username),
    staleTime: 0,
  });
  const search = useTextSearch(username, isOwner);
  const viewed = cirrus.data?.viewedCirrus;
  const heading = viewed
    ? `${possessive(cirrusName(viewed))} ${publicOnly ? 'Public Vellums' : 'Vellums'}`
    : undefined;
  useTitle(heading);

  if (cirrus.isPending || list.isPending) return <LoadingOverlay show delay={300} />;
  if (!viewed) return <NotFound />;
  const all = list.data ?? [];
  const items = publicOnly ? all.filter((vellum) => vellum.is_public) : all;

  return (
    <Container className="py-4" data-testid="vellum-list-page">
      <h1 className="h3 mb-3">{heading}</h1>
      <VellumListView
        items={items}
        variant={publicOnly ? 'public' : 'owner'}
        emptyText={texts.noVellums}
        found={{ hits: search.results, search, variant: 'owner' }}
        controls={
          isOwner ? (
            <>
              <SearchBox search={search} label={texts.searchPlaceholder} />
              <Link to={paths.newVellum()} className="btn btn-info">
                {texts.newVellum}
              </Link>
              <ExportAllButton username={username} />
            </>
          ) : null
        }
      />
    </Container>
  );
}
