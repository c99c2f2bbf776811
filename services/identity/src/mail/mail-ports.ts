import type { Logger } from '@vellum/platform';
import type { Mailer } from './mailer';
import { DevMailbox } from './dev-mailbox';
import { createSmtpMailer } from './smtp-mailer';

export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  NODE_ENV: 'development' | 'production' | 'test';
}

export interface MailPorts {
  mailer: Mailer;
  /** Served at /dev/mailbox: only while no mailer is configured, and never in production. */
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
    devMailbox: settings.NODE_ENV === 'production' ? undefined : devMailbox,
    close: () => {},
  };
}
