import type { Logger } from '@vellum/platform';
import type { Mailer, MailMessage } from './mailer';

export interface CapturedMail extends MailMessage {
  sentAt: string;
}

/**
 * Without SMTP_URL, mail goes here: each message's links are logged and the last messages are kept for
 * `GET /dev/mailbox` (never served in production).
 */
export class DevMailbox implements Mailer {
  private readonly messages: CapturedMail[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly capacity = 200,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.messages.unshift({ ...message, sentAt: new Date().toISOString() });
    this.messages.length = Math.min(this.messages.length, this.capacity);
    this.logger.info(
      { to: message.to, subject: message.subject, links: message.links },
      'mail captured by the dev mailbox',
    );
  }

  list(to?: string): CapturedMail[] {
    return to ? this.messages.filter((m) => m.to === to) : [...this.messages];
  }
}
