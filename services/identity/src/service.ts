import { Router } from 'express';
import {
  callerFromAssertion,
  inboxMigration,
  outboxMigration,
  type ServiceDefinition,
} from '@vellum/platform';
import type { IdentityContext, IdentityPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { sessionRoutes } from './http/session-routes';
import { signupRoutes } from './http/signup-routes';
import { verificationRoutes } from './http/verification-routes';
import { passwordResetRoutes } from './http/password-reset-routes';
import { cirrusRoutes } from './http/cirrus-routes';
import { devMailboxRoutes } from './http/dev-mailbox-routes';
import { outstandingProjection } from './events/outstanding-projection';

export type { IdentityPorts, IdentityConfig } from './context';

/** Identity without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createIdentityService(ports: IdentityPorts): ServiceDefinition {
  const ctx: IdentityContext = {
    ...ports,
    clock: ports.clock ?? (() => new Date()),
    wakeOutbox: ports.wakeOutbox ?? (() => {}),
    admins: new Set(ports.config.adminUsernames.map((u) => u.toLowerCase())),
  };
  const router = Router();
  router.use(callerFromAssertion(ports.config.internalAuthSecret));
  router.use(sessionRoutes(ctx));
  router.use(signupRoutes(ctx));
  router.use(verificationRoutes(ctx));
  router.use(passwordResetRoutes(ctx));
  router.use(cirrusRoutes(ctx));
  if (ports.devMailbox) router.use(devMailboxRoutes(ports.devMailbox));
  return {
    name: 'identity',
    schema: SCHEMA,
    migrations: [...migrations, outboxMigration(SCHEMA), inboxMigration(SCHEMA)],
    router,
    subscriptions: [outstandingProjection(ports.db)],
  };
}

export { createArgon2Hasher, type PasswordHasher } from './domain/passwords';
export { DevMailbox } from './mail/dev-mailbox';
export { createSmtpMailer } from './mail/smtp-mailer';
