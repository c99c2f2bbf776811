import { useMemo, useState, type ReactNode } from 'react';
import type { VellumListItem } from '@vellum/proto/api';
import { texts } from '../texts';
import { filterByTitle, visibleOnly } from './filterByTitle';
import { ListControls } from './ListControls';
import { VellumTable, type TableVariant } from './VellumTable';

export interface VellumListViewProps {
  items: readonly VellumListItem[];
  variant: TableVariant;
  /** The text when there is nothing at all ('No Vellums yet.', 'No public Vellums in the entire world.'). */
  emptyText: string;
  /** True while a search, not the whole list, is shown: nothing then reads 'No Vellums found.'. */
  narrowed?: boolean;
  /** Extra controls next to the filter (the owner's search and New Vellum button). */
  controls?: ReactNode;
}

/** Filter box, visible count, and the table or the empty text. */
export function VellumListView({
  items,
  variant,
  emptyText,
  narrowed = false,
  controls,
}: VellumListViewProps) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => visibleOnly(filterByTitle(items, filter)), [items, filter]);
  const nothingAtAll = items.length === 0 && !narrowed;
  return (
    <>
      <ListControls filter={filter} onFilter={setFilter} count={rows.length}>
        {controls}
      </ListControls>
      {rows.length ? (
        <VellumTable rows={rows} variant={variant} />
      ) : (
        <p className="text-secondary py-4 text-center" data-testid="vellum-list-empty">
          {nothingAtAll ? emptyText : texts.noVellumsFound}
        </p>
      )}
    </>
  );
}
