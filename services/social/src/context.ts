import type { Db, Logger } from '@vellum/platform';

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

export type SocialContext = Required<SocialPorts>;
