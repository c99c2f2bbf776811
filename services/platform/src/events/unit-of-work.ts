import type { Db, Tx } from '../db/db';
import { appendOutbox } from './outbox';
import type { BusMessage } from './types';

/** Where `emit` puts a use case's events: the unit of work it runs in. */
export interface EventSink {
  publish(message: BusMessage): void;
}

/** The events a unit has published and no write has carried yet. */
export interface PendingEvents {
  /**
   * Hands every waiting event to the write that calls it, emptying the list: that write stores them with its change
   * (an outbox row in the same transaction, or fields of the one document it inserts), or, writing nothing (a stale
   * version, a deleted owner), stores neither.
   */
  take(): BusMessage[];
}

/** What a use case's write sees: the stores bound to the unit, and `publish` (what `emit` calls). */
export type Unit<S> = S & EventSink;

/**
 * The write boundary of a use case, whatever the store: `await ctx.unitOfWork(async (unit) => { ...; await emit(unit,
 * …); return unit.pages.replace(…) })`. Its writes and the events it publishes are stored together or not at all.
 * On Postgres (`postgresUnitOfWork`) the unit is a transaction: throwing rolls back everything. On a store without
 * multi-document transactions (`singleWriteUnitOfWork`, MongoDB) the unit's write is ONE document carrying its events,
 * made as the unit's last step: throwing before it writes nothing.
 */
export type UnitOfWork<S> = <T>(work: (unit: Unit<S>) => Promise<T>) => Promise<T>;

/** Thrown when a unit ends with events that no write took: they would be lost (a use case's bug, never an outage). */
export class UncarriedEventsError extends Error {
  constructor(count: number) {
    super(`a unit of work published ${count} event(s) that none of its writes carried`);
  }
}

function pendingEvents() {
  let waiting: BusMessage[] = [];
  let carried = 0;
  return {
    publish: (message: BusMessage) => void waiting.push(message),
    take: () => {
      const taken = waiting;
      waiting = [];
      carried += taken.length;
      return taken;
    },
    /** After the work: refuses events left behind, and says whether any were taken (the relay's wake-up). */
    settle() {
      if (waiting.length > 0) throw new UncarriedEventsError(waiting.length);
      return carried > 0;
    },
  };
}

/** Runs `work` over the stores `bind` gives for these pending events, then settles them. */
async function runUnit<S, T>(
  bind: (pending: PendingEvents) => S,
  work: (unit: Unit<S>) => Promise<T>,
  finish?: (pending: PendingEvents) => Promise<void>,
): Promise<{ result: T; carried: boolean }> {
  const pending = pendingEvents();
  const result = await work({ ...bind(pending), publish: pending.publish });
  await finish?.(pending);
  return { result, carried: pending.settle() };
}

/**
 * A unit of work on Postgres: one transaction, the stores bound to it; a store's write appends the events it takes to
 * the outbox in that transaction (`appendOutbox(tx, schema, pending.take())`). The outbox relay is woken after a
 * commit that carried events.
 */
export function postgresUnitOfWork<S>(options: {
  db: Db;
  stores: (tx: Tx, pending: PendingEvents) => S;
  wakeOutbox: () => void;
  /** The transaction's last step, after the work (`outboxUnitOfWork` appends the events left waiting). */
  beforeCommit?: (tx: Tx, pending: PendingEvents) => Promise<void>;
}): UnitOfWork<S> {
  return async (work) => {
    const { result, carried } = await options.db.transaction((tx) =>
      runUnit(
        (pending) => options.stores(tx, pending),
        work,
        options.beforeCommit && ((pending) => options.beforeCommit!(tx, pending)),
      ),
    );
    if (carried) options.wakeOutbox();
    return result;
  };
}

/**
 * A unit of work on a store that writes one document atomically and nothing more (MongoDB on FerretDB): the unit's
 * write inserts one document carrying the events it takes (`pendingEventFields(pending.take(), at)`), which the
 * store's relay publishes. The relay is woken after a unit that carried events.
 */
export function singleWriteUnitOfWork<S>(options: {
  stores: (pending: PendingEvents) => S;
  wakeOutbox: () => void;
}): UnitOfWork<S> {
  return async (work) => {
    const { result, carried } = await runUnit(options.stores, work);
    if (carried) options.wakeOutbox();
    return result;
  };
}

/** The unit of a service whose stores are modules over a transaction: the transaction itself. */
export type TransactionUnit = Unit<{ tx: Tx }>;

/**
 * A unit of work on Postgres for a service whose stores are functions of a transaction (identity, vellum, social,
 * action): the unit is `{ tx, publish }`; the events published into it are appended to the outbox of `schema` as the
 * transaction's last statement (after the writes that locked their aggregates, so one aggregate's events keep commit
 * order), and the relay is woken after a commit that carried any.
 */
export function outboxUnitOfWork(options: {
  db: Db;
  schema: string;
  wakeOutbox: () => void;
}): UnitOfWork<{ tx: Tx }> {
  return postgresUnitOfWork({
    db: options.db,
    stores: (tx) => ({ tx }),
    wakeOutbox: options.wakeOutbox,
    beforeCommit: (tx, pending) => appendOutbox(tx, options.schema, pending.take()),
  });
}
