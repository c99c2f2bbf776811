export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The links in the message, so the development mailbox can list them. */
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
