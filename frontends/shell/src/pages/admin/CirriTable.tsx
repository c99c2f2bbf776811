import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ADMIN_COLUMNS, type AdminColumn, type AdminCirrus, type AdminList } from '@vellum/proto/api';
import { longDate } from '../hall/hallTexts';
import { adminApi, adminKeys } from './adminApi';
import { adminTexts, columnLabels } from './adminTexts';

const cell = (row: AdminCirrus, column: AdminColumn) => {
  if (column === 'created') return longDate(row.created);
  if (column === 'last_session') return row.last_session ? longDate(row.last_session) : adminTexts.never;
  if (column === 'vellums' || column === 'actions') return row[column].toLocaleString('en-US');
  return row[column];
};

/**
 * One of the admin lists: sorted by any column and filtered on the server, a page at a time (the cursors of the
 * pages seen are kept, so Previous goes back without the server keeping anything).
 */
export function CirriTable({ list, filter }: { list: AdminList; filter: string }) {
  const [sort, setSort] = useState<AdminColumn>('created');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [cursors, setCursors] = useState<string[]>([]);
  const [pageFilter, setPageFilter] = useState(filter);
  // A new filter starts again from the first page.
  if (pageFilter !== filter) {
    setPageFilter(filter);
    setCursors([]);
  }
  const state = { list, sort, dir, filter, cursor: cursors.at(-1) };
  const page = useQuery({
    queryKey: adminKeys.list(state),
    queryFn: () => adminApi.list(state),
    placeholderData: keepPreviousData,
  });
  const sortBy = (column: AdminColumn) => {
    setDir(column === sort && dir === 'asc' ? 'desc' : 'asc');
    setSort(column);
    setCursors([]);
  };
  const heading = adminTexts.lists[list];
  const rows = page.data?.rows ?? [];
  return (
    <section className="mb-5" aria-labelledby={`admin-${list}`} data-testid={`admin-${list}`}>
      <h2 className="h4" id={`admin-${list}`}>
        {heading}{' '}
        <small className="text-body-secondary" data-testid={`admin-${list}-count`}>
          {page.data ? adminTexts.count(page.data.count) : ''}
        </small>
      </h2>
      {page.isError && <p role="alert">{adminTexts.failed}</p>}
      <div className="table-responsive">
        <Table size="sm" hover aria-label={heading} aria-busy={page.isFetching}>
          <thead>
            <tr>
              {ADMIN_COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  aria-sort={column === sort ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0 text-nowrap"
                    aria-label={adminTexts.sortBy(
                      columnLabels[column],
                      column === sort && dir === 'asc' ? 'desc' : 'asc',
                    )}
                    onClick={() => sortBy(column)}
                  >
                    {columnLabels[column]}
                    {column === sort && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
                  </Button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.i}>
                {ADMIN_COLUMNS.map((column) => (
                  <td key={column} className={column === 'i' ? 'font-monospace small' : undefined}>
                    {cell(row, column)}
                  </td>
                ))}
              </tr>
            ))}
            {page.data && rows.length === 0 && (
              <tr>
                <td colSpan={ADMIN_COLUMNS.length}>{adminTexts.empty}</td>
              </tr>
            )}
            {page.isPending && (
              <tr>
                <td colSpan={ADMIN_COLUMNS.length} role="status">
                  {adminTexts.loading}
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </div>
      <div className="d-flex gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {adminTexts.previous}
        </Button>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          {adminTexts.next}
        </Button>
      </div>
    </section>
  );
}
