import {
  defineService,
  DEFAULT_SESSION_LIMITS,
  outboxUnitOfWork,
  type ServiceDefinition,
} from '@vellum/platform';
import type { IdentityContext, IdentityPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { sessionRoutes } from './http/session-routes';
import { signupRoutes } from './http/signup-routes';
import { verificationRoutes } from './http/verification-routes';
import { passwordResetRoutes } from './http/password-reset-routes';
import { cirrusRoutes } from './http/cirrus-routes';
import { ownSessionRoutes } from './http/own-session-routes';
import { devMailboxRoutes } from './http/dev-mailbox-routes';
import { outstandingProjection } from './events/outstanding-projection';
import { createMailRelay, DEFAULT_MAIL_MAX_ATTEMPTS } from './mail/mail-relay';
import { mailMetrics } from './mail/mail-metrics';

export type { IdentityPorts, IdentityConfig } from './context';

/** Identity without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createIdentityService(ports: IdentityPorts): ServiceDefinition {
  const clock = ports.clock ?? (() => new Date());
  // Mail leaves after the answer, through identity.mail_outbox: how long the mail server takes never shows in it.
  const maxAttempts = ports.mailRelay?.maxAttempts ?? DEFAULT_MAIL_MAX_ATTEMPTS;
  const mailRelay = createMailRelay({
    ...ports.mailRelay,
    observer: ports.metrics && mailMetrics(ports.metrics, ports.db, maxAttempts),
    db: ports.db,
    mailer: ports.mailer,
    logger: ports.logger,
    clock,
    publicUrl: () => ports.config.publicUrl,
  });
  const wakeOutbox = ports.wakeOutbox ?? (() => {});
  const ctx: IdentityContext = {
    ...ports,
    clock,
    unitOfWork: outboxUnitOfWork({ db: ports.db, schema: SCHEMA, wakeOutbox }),
    wakeMail: () => mailRelay.wake(),
    admins: new Set(ports.config.adminEmails.map((email) => email.toLowerCase())),
    sessionLimits: ports.config.sessionLimits ?? DEFAULT_SESSION_LIMITS,
  };
  return defineService({
    name: 'identity',
    schema: SCHEMA,
    migrations,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [
      sessionRoutes(ctx),
      signupRoutes(ctx),
      verificationRoutes(ctx),
      passwordResetRoutes(ctx),
      cirrusRoutes(ctx),
      ownSessionRoutes(ctx),
      ...(ports.devMailbox ? [devMailboxRoutes(ports.devMailbox)] : []),
    ],
    subscriptions: [outstandingProjection(ports.db)],
    workers: [mailRelay],
  });
}

export { createArgon2Hasher, type PasswordHasher } from './domain/passwords';
export { DevMailbox } from './mail/dev-mailbox';
export { createSmtpMailer } from './mail/smtp-mailer';
export { createMailPorts, type MailPorts } from './mail/mail-ports';
export { noDevMailboxInProduction } from './config';
export { createMailRelay, type MailRelaySettings } from './mail/mail-relay';
