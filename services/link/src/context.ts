import type { Limiter, LimiterFactory, Logger, UnitOfWork } from '@vellum/platform';
import type { ClickLimits } from './domain/click';
import type { LinkRepository, LinkUnit } from './store/link-repository';

export interface LinkConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
  /** The redirect's limits per client address; by default `DEFAULT_CLICK_LIMITS`. */
  clickLimits?: Partial<ClickLimits>;
}

/** The ports the link service runs on; its composition root (main.ts or all-in-one) builds them. */
export interface LinkPorts {
  logger: Logger;
  config: LinkConfig;
  /** The redirect's limits per client address (memory embedded, Redis distributed: shared by every replica). */
  limiters: LimiterFactory;
  clock?: () => Date;
  /** Nudges the outbox relay after a write that carried events. */
  wakeOutbox?: () => void;
}

export type LinkContext = Required<Omit<LinkPorts, 'limiters'>> & {
  pages: LinkRepository;
  /** A use case's write boundary: a transaction on Postgres, one document with its events on MongoDB. */
  unitOfWork: UnitOfWork<LinkUnit>;
  /** Redirects per address (beyond: 429), and counted clicks per address and link (beyond: not counted). */
  redirectLimiter: Limiter;
  clickLimiter: Limiter;
};
