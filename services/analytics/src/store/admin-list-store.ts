import type { Queryable } from '@vellum/platform';
import type { AdminList } from '@vellum/proto';
import type { After } from '../domain/cursor';
import type { SortKey } from '../domain/sort-keys';

export interface CirrusRow {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  last_session: Date | null;
  vellums: number;
  actions: number;
  created: Date;
  /** The row's sort key as text: the next page's cursor. */
  sort_key: string;
}

export interface ListQuery {
  list: AdminList;
  /** Text looked for in the names and the email (any case); empty: everyone. */
  filter: string;
  /** A sign-in at or after this makes a cirrus active. */
  activeSince: Date;
}

export interface PageQuery extends ListQuery {
  key: SortKey;
  dir: 'asc' | 'desc';
  after?: After;
  limit: number;
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of a list (with its filter), its parameters appended to `params`. */
function listWhere(query: ListQuery, params: unknown[]): string {
  const where = ['created IS NOT NULL'];
  if (query.list === 'confirmed') where.push('verified');
  if (query.list === 'active') {
    params.push(query.activeSince);
    where.push(`last_session >= $${params.length}`);
  }
  if (query.filter !== '') {
    params.push(containing(query.filter));
    where.push(`search LIKE $${params.length}`);
  }
  return where.join(' AND ');
}

/** The admin lists, read with keyset paging on (sort key, id) so a far page costs what the first one does. */
export const adminListStore = {
  /** Up to `limit` rows of a list after `after`, in the order of `key` and `dir` (id breaks ties). */
  async page(q: Queryable, query: PageQuery): Promise<CirrusRow[]> {
    const params: unknown[] = [];
    const where = [listWhere(query, params)];
    const { expr, type } = query.key;
    if (query.after) {
      params.push(query.after.key, query.after.id);
      const n = params.length;
      where.push(`(${expr}, id) ${query.dir === 'asc' ? '>' : '<'} ($${n - 1}::${type}, $${n}::uuid)`);
    }
    params.push(query.limit);
    const { rows } = await q.query<CirrusRow>(
      `SELECT id, email, username, first_name, last_name, last_session, vellums, actions, created,
              (${expr})::text AS sort_key
         FROM analytics.cirri
        WHERE ${where.join(' AND ')}
        ORDER BY ${expr} ${query.dir}, id ${query.dir}
        LIMIT $${params.length}`,
      params,
    );
    return rows;
  },

  /** How many cirri each list holds with the filter, in one scan. */
  async counts(q: Queryable, query: Omit<ListQuery, 'list'>): Promise<Record<AdminList, number>> {
    const params: unknown[] = [query.activeSince];
    const where = listWhere({ ...query, list: 'all' }, params);
    const { rows } = await q.query<{ all: string; confirmed: string; active: string }>(
      `SELECT count(*) AS "all",
              count(*) FILTER (WHERE verified) AS confirmed,
              count(*) FILTER (WHERE last_session >= $1) AS active
         FROM analytics.cirri WHERE ${where}`,
      params,
    );
    const row = rows[0]!;
    return { all: Number(row.all), confirmed: Number(row.confirmed), active: Number(row.active) };
  },
};
