import type { Logger } from '@vellum/platform';
import type { LinkRepository } from './store/link-repository';

export interface LinkConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
}

/** The ports the link service runs on; its composition root (main.ts or all-in-one) builds them. */
export interface LinkPorts {
  logger: Logger;
  config: LinkConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a write that carried events. */
  wakeOutbox?: () => void;
}

export type LinkContext = Required<LinkPorts> & { pages: LinkRepository };
