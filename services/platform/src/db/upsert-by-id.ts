import type { Queryable } from './db';
import { checkedIdentifier } from './schema-name';

/** Values by column name, as a table keeps them. */
export type ColumnValues = Readonly<Record<string, unknown>>;

/**
 * Writes the row `id` of `table` (schema-qualified and checked by the caller): a new row gets `set` and
 * `firstSight` (`set` wins where both name a column), its other columns their defaults; a row already there gets
 * `set` only, and nothing at all when `set` is empty. The column names are checked before they are written into
 * the SQL.
 */
export async function upsertById(
  q: Queryable,
  table: string,
  id: string,
  set: ColumnValues,
  firstSight: ColumnValues = {},
): Promise<void> {
  const inserted = { ...firstSight, ...set };
  const columns = Object.keys(inserted).map((name) => checkedIdentifier('column', name));
  const updated = Object.keys(set).map((name) => `${name} = EXCLUDED.${name}`);
  const onConflict = updated.length > 0 ? `DO UPDATE SET ${updated.join(', ')}` : 'DO NOTHING';
  await q.query(
    `INSERT INTO ${table} (${['id', ...columns].join(', ')})
       VALUES (${['$1', ...columns.map((_, n) => `$${n + 2}`)].join(', ')})
       ON CONFLICT (id) ${onConflict}`,
    [id, ...columns.map((name) => inserted[name])],
  );
}
