import type { Db, Logger } from '@vellum/platform';

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

export type ActionContext = Required<ActionPorts>;
