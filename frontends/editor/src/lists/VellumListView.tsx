import { useMemo, useState, type ReactNode } from 'react';
import type { VellumListItem, VellumSearchHit } from '@vellum/proto/api';
import { texts } from '../texts';
import { filterByTitle, visibleOnly } from './filterByTitle';
import { ListControls } from './ListControls';
import { SearchResults, type SearchResultsProps } from './SearchResults';
import { VellumTable, type TableVariant } from './VellumTable';

export interface VellumListViewProps {
  items: readonly VellumListItem[];
  variant: TableVariant;
  /** The text when there is nothing at all ('No Vellums yet.', 'No public Vellums in the entire world.'). */
  emptyText: string;
  /** Extra controls next to the filter (the text search, the owner's New Vellum button). */
  controls?: ReactNode;
  /** A text search's results, shown instead of the list (the filter narrows them too) while a search applies. */
  found?: Omit<SearchResultsProps, 'hits'> & { hits: readonly VellumSearchHit[] | null };
}

/** Filter box, visible count, and the table or the empty text. */
export function VellumListView({ items, variant, emptyText, controls, found }: VellumListViewProps) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => visibleOnly(filterByTitle(items, filter)), [items, filter]);
  const hits = useMemo(
    () => found?.hits && visibleOnly(filterByTitle(found.hits, filter)),
    [found?.hits, filter],
  );
  const nothingAtAll = items.length === 0;
  return (
    <>
      <ListControls filter={filter} onFilter={setFilter} count={hits ? hits.length : rows.length}>
        {controls}
      </ListControls>
      {found && hits ? (
        <SearchResults {...found} hits={hits} />
      ) : rows.length ? (
        <VellumTable rows={rows} variant={variant} />
      ) : (
        <p className="text-secondary py-4 text-center" data-testid="vellum-list-empty">
          {nothingAtAll ? emptyText : texts.noVellumsFound}
        </p>
      )}
    </>
  );
}
