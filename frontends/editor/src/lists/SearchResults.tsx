import { Link } from 'react-router-dom';
import { VELLUM_SEARCH_RANKED, type VellumSearchHit } from '@vellum/proto/api';
import { markedParts, paths } from '@vellum/ui';
import { authorName } from '../format/authors';
import { longDate } from '../format/dates';
import { texts } from '../texts';
import { MoreOnScroll } from './MoreOnScroll';
import { Snippet } from './Snippet';
import type { TextSearch } from './useTextSearch';
import { VisibilityIcon } from './VisibilityIcon';

export interface SearchResultsProps {
  hits: readonly VellumSearchHit[];
  search: Pick<TextSearch, 'hasMore' | 'loadingMore' | 'loadMore' | 'capped'>;
  /** Discover names each vellum's author; the owner's list shows each one's visibility. */
  variant: 'owner' | 'discover';
}

/** A text search's results, best match first: each title with where its words were found; more as one scrolls. */
export function SearchResults({ hits, search, variant }: SearchResultsProps) {
  if (hits.length === 0)
    return (
      <p className="text-secondary py-4 text-center" data-testid="vellum-list-empty">
        {texts.noVellumsFound}
      </p>
    );
  return (
    <>
      <ol className="list-unstyled vellum-search-results" data-testid="search-results">
        {hits.map((hit) => (
          <li key={hit.i} className="py-2 border-bottom" data-testid="search-result">
            <div className="d-flex align-items-center gap-2">
              {variant === 'owner' ? <VisibilityIcon isPublic={hit.is_public} /> : null}
              <Link to={paths.vellum(hit.i)}>{markedParts(hit.title, hit.titleMarks ?? [])}</Link>
              {variant === 'discover' ? (
                <small className="text-secondary">{texts.byAuthor(authorName(hit.owned_by_cirrus))}</small>
              ) : null}
              <small className="ms-auto text-secondary">{longDate(hit.last_edited)}</small>
            </div>
            {hit.snippet.text ? <Snippet snippet={hit.snippet} /> : null}
          </li>
        ))}
      </ol>
      {search.hasMore ? <MoreOnScroll loading={search.loadingMore} onMore={search.loadMore} /> : null}
      {!search.hasMore && search.capped ? (
        <p className="text-secondary small py-3 text-center" data-testid="search-capped">
          {texts.searchCapped(VELLUM_SEARCH_RANKED)}
        </p>
      ) : null}
    </>
  );
}
