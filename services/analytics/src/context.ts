import type { Db, Logger } from '@vellum/platform';

export interface AnalyticsConfig {
  /** Verifies the gateway's caller assertion (shared with the gateway). */
  internalAuthSecret: string;
  /** Emails whose verified owner is an admin (ADMIN_EMAILS, the same list identity decides `isAdmin` by). */
  adminEmails: readonly string[];
}

/** The ports analytics runs on; its composition root (main.ts or all-in-one) builds them. */
export interface AnalyticsPorts {
  db: Db;
  logger: Logger;
  config: AnalyticsConfig;
  clock?: () => Date;
}

export type AnalyticsContext = Required<AnalyticsPorts>;
