import { NotFound } from '../errors/errors';
import type { Queryable } from './db';
import { checkedSchema } from './schema-name';

/**
 * The migration SQL of a service's tombstones, `<schema>.deleted_cirri`: the ids of the cirri identity deleted, one
 * row each, written in the same transaction as the service's handling of `CirrusDeleted`.
 */
export function deletedCirriTableSql(schema: string): string {
  return `
      -- Tombstones: the cirri identity deleted (CirrusDeleted). A later event or write that names one is refused,
      -- so nothing of theirs is ever created again.
      CREATE TABLE ${checkedSchema(schema)}.deleted_cirri (
        id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      );`;
}

/** One advisory-lock key per schema and cirrus: a deletion waits for the writes under way that involve the cirrus. */
const lockSql = (mode: '' | '_shared') => `SELECT pg_advisory_xact_lock${mode}(hashtext($1), hashtext($2))`;

/**
 * The tombstones of deleted cirri in a service's Postgres schema. A write's transaction calls `anyDeleted` (or
 * `refuseDeleted`) before anything else: it holds a shared lock per id until it commits, and the deletion's
 * transaction takes the same lock exclusively in `record`, so a write either commits before the deletion removes the
 * cirrus's data (and is removed with it) or sees the tombstone (and writes nothing).
 */
export const deletedCirri = {
  /** In the transaction that handles `CirrusDeleted`, first: waits for the writes under way, then the tombstone. */
  async record(tx: Queryable, schema: string, id: string): Promise<void> {
    const s = checkedSchema(schema);
    // The same key as `anyDeleted` locks, whatever the case of the id.
    const key = id.toLowerCase();
    await tx.query(lockSql(''), [`${s}.deleted_cirri`, key]);
    await tx.query(`INSERT INTO ${s}.deleted_cirri (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, [key]);
  },

  /** Whether any of `ids` is a deleted cirrus; in a transaction, a deletion of any of them waits for its end. */
  async anyDeleted(tx: Queryable, schema: string, ids: readonly string[]): Promise<boolean> {
    const s = checkedSchema(schema);
    const distinct = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
    for (const id of distinct) await tx.query(lockSql('_shared'), [`${s}.deleted_cirri`, id]);
    const { rows } = await tx.query(`SELECT 1 FROM ${s}.deleted_cirri WHERE id = ANY($1::uuid[]) LIMIT 1`, [
      distinct,
    ]);
    return rows.length > 0;
  },
};

/** `NotFound(message)`, the route's answer for an unknown cirrus, when any of `ids` is a deleted cirrus. */
export async function refuseDeleted(
  tx: Queryable,
  schema: string,
  ids: readonly string[],
  message: string,
): Promise<void> {
  if (await deletedCirri.anyDeleted(tx, schema, ids)) throw new NotFound(message);
}

/**
 * Runs `write` unless any of `ids` is a deleted cirrus (then nothing): the tombstone check a projection's write
 * starts with. True when it wrote.
 */
export async function unlessDeleted(
  tx: Queryable,
  schema: string,
  ids: readonly string[],
  write: () => Promise<void>,
): Promise<boolean> {
  if (await deletedCirri.anyDeleted(tx, schema, ids)) return false;
  await write();
  return true;
}
