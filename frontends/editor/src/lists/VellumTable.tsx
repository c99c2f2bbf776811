import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Table, paths } from '@vellum/ui';
import { authorName } from '../format/authors';
import { longDate } from '../format/dates';
import { texts } from '../texts';
import type { ListedVellum } from './filterByTitle';
import { VisibilityIcon } from './VisibilityIcon';

/**
 * 'owner': visibility icon, title, last edited (a cirrus's list). 'public': Title and Updated.
 * 'discover': Title with 'by {author}', and Updated.
 */
export type TableVariant = 'owner' | 'public' | 'discover';

/** Rows hold one line (long titles end in an ellipsis), so every row has this height and none is measured. */
export const ROW_HEIGHT = 45;

export interface VellumTableProps {
  rows: readonly ListedVellum[];
  variant: TableVariant;
}

/**
 * The vellums as a table; a row opens /vellum/{i}. Only the rows near the screen are in the page (windowed with
 * the page's own scroll), so a list of thousands stays smooth.
 */
export function VellumTable({ rows, variant }: VellumTableProps) {
  const navigate = useNavigate();
  const body = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = body.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(Math.max(0, Math.round(top + window.scrollY)));
  }, [rows.length]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => rows[index]?.i ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const columns = variant === 'owner' ? 3 : 2;
  const before = items.length ? items[0]!.start - scrollMargin : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  // The whole row is a target for the mouse; keyboard users have the title's link.
  const open = (id: string) => void navigate(paths.vellum(id));

  return (
    <Table
      hover
      className="vellum-table align-middle"
      data-testid="vellum-table"
      aria-rowcount={rows.length + 1}
    >
      <thead>
        <tr>
          {variant === 'owner' ? (
            <th scope="col" style={{ width: '3rem' }}>
              <span className="visually-hidden">{texts.columns.visibility}</span>
            </th>
          ) : null}
          <th scope="col">{texts.columns.title}</th>
          <th scope="col" style={{ width: '14rem' }}>
            {variant === 'owner' ? texts.columns.lastEdited : texts.columns.updated}
          </th>
        </tr>
      </thead>
      <tbody ref={body}>
        {before > 0 ? <Spacer height={before} columns={columns} /> : null}
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <tr
              key={item.key}
              style={{ height: ROW_HEIGHT }}
              aria-rowindex={item.index + 2}
              className="vellum-row"
              onClick={() => open(row.i)}
            >
              {variant === 'owner' ? (
                <td>
                  <VisibilityIcon isPublic={row.is_public} />
                </td>
              ) : null}
              <td className="vellum-cell-title">
                <Link to={paths.vellum(row.i)} onClick={(event) => event.stopPropagation()}>
                  {row.title || <span className="text-secondary fst-italic">Untitled</span>}
                </Link>
                {variant === 'discover' ? (
                  <small className="text-secondary ms-2">
                    {texts.byAuthor(authorName(row.owned_by_cirrus))}
                  </small>
                ) : null}
              </td>
              <td className="text-secondary">{longDate(row.last_edited)}</td>
            </tr>
          );
        })}
        {after > 0 ? <Spacer height={after} columns={columns} /> : null}
      </tbody>
    </Table>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="vellum-spacer">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
