import type { Db, Logger } from '@vellum/platform';

export interface VellumConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
  /** Ratings needed before a score shows. */
  ratingsRequired: number;
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

export type VellumContext = Required<VellumPorts>;
