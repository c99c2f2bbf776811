import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  type CirrusCreated,
  type CirrusDeleted,
  type CirrusProfileChanged,
  type CirrusVerified,
} from '@vellum/proto';
import { onEventAt, type EventCase } from '../events/projection';
import type { Queryable, Tx } from './db';
import { deletedCirri, unlessDeleted } from './deleted-cirri';
import { checkedIdentifier, checkedSchema } from './schema-name';
import { upsertById, type ColumnValues } from './upsert-by-id';

export type { ColumnValues } from './upsert-by-id';

/**
 * What one of identity's events writes into the service's row of the cirrus. `at` is when the change happened
 * (the envelope's `occurredAt`).
 */
export interface CirrusEventColumns<E> {
  /** The columns the event sets, on a row new or known (the last event wins). */
  set: (event: E, at: Date) => ColumnValues;
  /** Columns only a new row takes from this event; a known row keeps its own. */
  firstSight?: (event: E, at: Date) => ColumnValues;
  /** After the event's write, in its transaction; skipped with it for a deleted cirrus. */
  after?: (tx: Tx, event: E, at: Date) => Promise<void>;
}

/** A signed-in caller, as the gateway vouches for it. */
export interface RememberedCirrus {
  id: string;
  username: string;
}

export interface CirriReadModelOptions {
  /** The service's schema: where its table and its tombstones (`deleted_cirri`) are. */
  schema: string;
  /** The service's table of cirri in `schema`, keyed by `id`; its column names are the service's own. */
  table: string;
  /** The columns each event writes; an event left out writes nothing here. */
  created?: CirrusEventColumns<CirrusCreated>;
  verified?: CirrusEventColumns<CirrusVerified>;
  profileChanged?: CirrusEventColumns<CirrusProfileChanged>;
  /** The columns a new row takes from a signed-in caller (`remember`); by default its username. */
  remembered?: (caller: RememberedCirrus) => ColumnValues;
  /**
   * The rest of what the service keeps of a deleted cirrus, removed after its tombstone is recorded and before
   * its row goes (rows that refer to it first).
   */
  removeCirrus?: (tx: Tx, event: CirrusDeleted, at: Date) => Promise<void>;
}

const named = (e: { username: string; displayName: string }) => ({
  username: e.username,
  display_name: e.displayName,
});

/**
 * The columns of a table that keeps each cirrus's names only, as `username` and `display_name`: identity's word on
 * them (created, profile changed) replaces what was known (action's people, vellum's authors).
 */
export const cirrusNameColumns = {
  created: { set: named },
  profileChanged: { set: named },
} satisfies Pick<CirriReadModelOptions, 'created' | 'profileChanged'>;

/**
 * The cirri a service on Postgres keeps from identity's events, in its own table and columns (the building block
 * of action's, vellum's, social's and analytics' projections; `mongoCirri` is MongoDB's): the identity cases of
 * the service's projection, each writing nothing of a deleted cirrus; `CirrusDeleted` recording the tombstone and
 * removing the cirrus; the caller remembered until its events arrive, never over what they said.
 */
export function cirriReadModel(options: CirriReadModelOptions) {
  const schema = checkedSchema(options.schema);
  const table = `${schema}.${checkedIdentifier('table', options.table)}`;
  const remembered = options.remembered ?? ((caller) => ({ username: caller.username }));
  const guarded = (tx: Queryable, ids: readonly string[], write: () => Promise<void>) =>
    unlessDeleted(tx, schema, ids, write);

  async function apply<E>(tx: Tx, id: string, columns: CirrusEventColumns<E>, event: E, at: Date) {
    await guarded(tx, [id], async () => {
      await upsertById(tx, table, id, columns.set(event, at), columns.firstSight?.(event, at));
      await columns.after?.(tx, event, at);
    });
  }

  const { created, verified, profileChanged, removeCirrus } = options;
  const on: EventCase[] = [
    ...(created
      ? [onEventAt(CirrusCreatedSchema, (tx, e, at) => apply(tx, e.cirrusId, created, e, at))]
      : []),
    ...(verified
      ? [onEventAt(CirrusVerifiedSchema, (tx, e, at) => apply(tx, e.cirrusId, verified, e, at))]
      : []),
    ...(profileChanged
      ? [onEventAt(CirrusProfileChangedSchema, (tx, e, at) => apply(tx, e.cirrusId, profileChanged, e, at))]
      : []),
    onEventAt(CirrusDeletedSchema, async (tx, e, at) => {
      await deletedCirri.record(tx, schema, e.cirrusId);
      await removeCirrus?.(tx, e, at);
      await tx.query(`DELETE FROM ${table} WHERE id = $1`, [e.cirrusId]);
    }),
  ];

  return {
    /** Identity's events, for the service's projection of `identity.cirrus.v1`. */
    on,

    /**
     * A signed-in caller whose events have not arrived yet: a new row from `remembered`, a known one untouched.
     * In a transaction that checked the caller's tombstone first (`refuseDeleted` or `unlessDeleted`).
     */
    remember: (tx: Queryable, caller: RememberedCirrus) =>
      upsertById(tx, table, caller.id, {}, remembered(caller)),

    /** Runs `write` unless any of `ids` is a deleted cirrus (its tombstone); true when it wrote. */
    unlessDeleted: guarded,
  };
}

export type CirriReadModel = ReturnType<typeof cirriReadModel>;
