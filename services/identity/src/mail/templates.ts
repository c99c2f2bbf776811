import type { MailMessage } from './mailer';

export function verificationMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = `${publicUrl}/verification/email/${token}?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: 'Verify your email for Vellum',
    text: `Welcome to Vellum!\n\nOpen this link to verify your email address (it works for 24 hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
    links: [link],
  };
}

export function passwordResetMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = `${publicUrl}/password-reset?token=${token}&email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: 'Reset your Vellum password',
    text: `Someone asked to reset the password of your Vellum account.\n\nOpen this link to choose a new one (it works for 1 hour):\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    links: [link],
  };
}
