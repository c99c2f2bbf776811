import type { Db, Logger, Tx, UnitOfWork } from '@vellum/platform';

export interface VellumConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
  /** Ratings needed before a score shows. */
  ratingsRequired: number;
  /**
   * Saves less than this many minutes apart coalesce in the history (VERSION_COALESCE_MINUTES of @vellum/proto when
   * left out; 0 keeps every replaced text, for browser journeys that cannot wait 5 minutes).
   */
  versionCoalesceMinutes?: number;
}

/** The ports the vellum service runs on; its composition root (main.ts or all-in-one) builds them. */
export interface VellumPorts {
  db: Db;
  logger: Logger;
  config: VellumConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a commit that wrote events. */
  wakeOutbox?: () => void;
}

export type VellumContext = Required<VellumPorts> & {
  /**
   * A use case's write boundary: one transaction (`unit.tx`); the events emitted into the unit go to the outbox as its
   * last statement, and after a commit that carried any this replica's public lists are cleared and the relay is
   * woken (use cases never call `wakeOutbox`).
   */
  unitOfWork: UnitOfWork<{ tx: Tx }>;
  /** Drops this replica's showcase and creators, for a write that carried no event (its unit cleared nothing). */
  clearPublicLists: () => void;
};
