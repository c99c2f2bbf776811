import type { Db, Logger, Tx, UnitOfWork } from '@vellum/platform';

export interface ActionConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
}

/** The ports the action service runs on; its composition root (main.ts or all-in-one) builds them. */
export interface ActionPorts {
  db: Db;
  logger: Logger;
  config: ActionConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a commit that wrote events. */
  wakeOutbox?: () => void;
}

export type ActionContext = Required<ActionPorts> & {
  /**
   * A use case's write boundary: one transaction (`unit.tx`); the events emitted into the unit go to the outbox as its
   * last statement, and the relay is woken after a commit that carried any (use cases never call `wakeOutbox`).
   */
  unitOfWork: UnitOfWork<{ tx: Tx }>;
};
