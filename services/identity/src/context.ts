import type {
  Db,
  LimiterFactory,
  Logger,
  Registry,
  SessionLimits,
  SessionStore,
  Tx,
  UnitOfWork,
} from '@vellum/platform';
import type { PasswordHasher } from './domain/passwords';
import type { Mailer } from './mail/mailer';
import type { DevMailbox } from './mail/dev-mailbox';
import type { MailRelaySettings } from './mail/mail-relay';

export interface IdentityConfig {
  /** Where links in mail point, e.g. https://vellum.example.com */
  publicUrl: string;
  sessionSecret: string;
  internalAuthSecret: string;
  /** Emails whose verified owner is an admin (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Session cookies only over HTTPS (true when PUBLIC_URL is https). */
  secureCookies: boolean;
  /** The idle and absolute session time-outs (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS); by default theirs. */
  sessionLimits?: SessionLimits;
}

/** The ports identity runs on; its composition root (main.ts or all-in-one) builds them. */
export interface IdentityPorts {
  db: Db;
  sessionStore: SessionStore;
  /** Builds the sign-in throttle's limits: Redis (shared by every replica) or memory (embedded). */
  limiters: LimiterFactory;
  mailer: Mailer;
  /** Served at GET /dev/mailbox when given (never in production). */
  devMailbox?: DevMailbox;
  hasher: PasswordHasher;
  logger: Logger;
  config: IdentityConfig;
  clock?: () => Date;
  /** Nudges the outbox relay after a commit that wrote events (`unitOfWork` calls it; use cases never do). */
  wakeOutbox?: () => void;
  /** Tuning of the mail relay (tests shorten its waits); production uses its defaults. */
  mailRelay?: MailRelaySettings;
  /** The process's metrics registry: the mail relay's series (`mail/mail-metrics.ts`). */
  metrics?: Registry;
}

/** What the routes and use cases see. No `wakeOutbox`: `unitOfWork` wakes the outbox relay after its commits. */
export interface IdentityContext extends Required<
  Omit<IdentityPorts, 'devMailbox' | 'mailRelay' | 'wakeOutbox' | 'metrics'>
> {
  devMailbox?: DevMailbox;
  admins: ReadonlySet<string>;
  /** The session time-outs in force (the config's, else the defaults). */
  sessionLimits: SessionLimits;
  /**
   * The write boundary of every use case: one transaction (`unit.tx`), whose events (`emit(unit, …)`) are appended
   * to `identity.outbox` as its last statement; the outbox relay is woken after a commit that carried any.
   */
  unitOfWork: UnitOfWork<{ tx: Tx }>;
  /** Nudges the mail relay after a commit that queued mail in `identity.mail_outbox`. */
  wakeMail: () => void;
}
