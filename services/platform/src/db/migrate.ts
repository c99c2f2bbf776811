import { createHash } from 'node:crypto';
import type { Db, Migration, Tx } from './db';
import { checkedSchema } from './schema-name';

/** One advisory-lock key per schema: migrations of different services may run side by side. */
const lockSql = `SELECT pg_advisory_xact_lock(hashtext('vellum.migrate'), hashtext($1))`;

/**
 * Brings `schema` up to date: creates it and `<schema>.schema_migrations`, then applies the migrations not yet
 * recorded, in `id` order, each in its own transaction. Every transaction first takes an advisory lock for the
 * schema and re-reads what is applied, so two processes starting together apply each migration once.
 * Forward-only: a recorded migration whose SQL has changed since is an error naming it.
 * Migration SQL is schema-qualified by the service (`identity.cirri`), so it does not depend on `search_path`.
 */
export async function migrate(db: Db, schema: string, migrations: readonly Migration[]): Promise<void> {
  checkedSchema(schema);
  const ordered = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]?.id === ordered[i - 1]?.id) throw new Error(`Duplicate migration id "${ordered[i]?.id}"`);
  }

  // No time limit: a migration may rightly take minutes (an index on a large table), and so may the wait for another
  // process's, behind the lock.
  const unlimited = { unlimited: true };
  await db.transaction(async (tx) => {
    await tx.query(lockSql, [schema]);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
         id text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }, unlimited);

  for (const migration of ordered) {
    const checksum = checksumOf(migration.sql);
    await db.transaction(async (tx) => {
      await tx.query(lockSql, [schema]);
      const applied = await appliedChecksum(tx, schema, migration.id);
      if (applied === checksum) return;
      if (applied !== undefined) {
        throw new Error(
          `Migration "${migration.id}" of schema "${schema}" was changed after it was applied; ` +
            'migrations are forward-only: add a new migration instead',
        );
      }
      try {
        await tx.query(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw Object.assign(
          new Error(`Migration "${migration.id}" of schema "${schema}" failed: ${reason}`),
          {
            cause: error,
          },
        );
      }
      await tx.query(`INSERT INTO ${schema}.schema_migrations (id, checksum) VALUES ($1, $2)`, [
        migration.id,
        checksum,
      ]);
    }, unlimited);
  }
}

async function appliedChecksum(tx: Tx, schema: string, id: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ checksum: string }>(
    `SELECT checksum FROM ${schema}.schema_migrations WHERE id = $1`,
    [id],
  );
  return rows[0]?.checksum;
}

/** Line endings and surrounding blank space do not count as a change. */
function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n').trim()).digest('hex');
}
