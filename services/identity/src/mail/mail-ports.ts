import type { Logger } from '@vellum/platform';
import type { Mailer } from './mailer';
import { DevMailbox } from './dev-mailbox';
import { createSmtpMailer } from './smtp-mailer';

export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  NODE_ENV: 'development' | 'production' | 'test';
  /** DEV_MAILBOX=on: serve the captured mail at /dev/mailbox (it holds sign-in and reset links). */
  DEV_MAILBOX: boolean;
}

export interface MailPorts {
  mailer: Mailer;
  /** Served at /dev/mailbox: only when DEV_MAILBOX=on and no mailer is configured, and never in production. */
  devMailbox?: DevMailbox;
  close(): void;
}

/** Identity's mail, built the same way by its main.ts and by the embedded mode: SMTP when given, else the dev mailbox. */
export function createMailPorts(settings: MailSettings, logger: Logger): MailPorts {
  if (settings.SMTP_URL) {
    const smtp = createSmtpMailer(settings.SMTP_URL, settings.MAIL_FROM);
    return { mailer: smtp, close: () => smtp.close() };
  }
  const devMailbox = new DevMailbox(logger);
  return {
    mailer: devMailbox,
    devMailbox: settings.DEV_MAILBOX && settings.NODE_ENV !== 'production' ? devMailbox : undefined,
    close: () => {},
  };
}
