import type { Db, Logger, Tx, UnitOfWork } from '@vellum/platform';

export interface SocialConfig {
  /** Verifies the gateway's caller assertion (shared with the gateway). */
  internalAuthSecret: string;
}

/** The ports social runs on; its composition root (main.ts or all-in-one) builds them. */
export interface SocialPorts {
  db: Db;
  logger: Logger;
  config: SocialConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a commit that wrote events. */
  wakeOutbox?: () => void;
}

export type SocialContext = Required<SocialPorts> & {
  /**
   * A use case's write boundary: one transaction (`unit.tx`); the events emitted into the unit go to the outbox as its
   * last statement, and the relay is woken after a commit that carried any (use cases never call `wakeOutbox`).
   */
  unitOfWork: UnitOfWork<{ tx: Tx }>;
};
