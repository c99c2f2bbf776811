import type { Db, Logger, SessionStore } from '@vellum/platform';
import type { PasswordHasher } from './domain/passwords';
import type { Mailer } from './mail/mailer';
import type { DevMailbox } from './mail/dev-mailbox';

export interface IdentityConfig {
  /** Where links in mail point, e.g. https://vellum.example.com */
  publicUrl: string;
  sessionSecret: string;
  internalAuthSecret: string;
  adminUsernames: string[];
  /** Session cookies only over HTTPS (true when PUBLIC_URL is https). */
  secureCookies: boolean;
}

/** The ports identity runs on; its composition root (main.ts or all-in-one) builds them. */
export interface IdentityPorts {
  db: Db;
  sessionStore: SessionStore;
  mailer: Mailer;
  /** Served at GET /dev/mailbox when given (never in production). */
  devMailbox?: DevMailbox;
  hasher: PasswordHasher;
  logger: Logger;
  config: IdentityConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a commit that wrote events. */
  wakeOutbox?: () => void;
}

export interface IdentityContext extends Required<Omit<IdentityPorts, 'devMailbox'>> {
  devMailbox?: DevMailbox;
  admins: ReadonlySet<string>;
}
