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

/**
 * Sign-up with an address that already has an account answers like any sign-up (so it reveals nothing); the
 * address's owner gets this instead of a verification link.
 */
export function accountExistsMail(publicUrl: string, to: string): MailMessage {
  const signIn = `${publicUrl}/`;
  const reset = `${publicUrl}/password-reset`;
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    text: `Someone just tried to create a Vellum account with this email address, but an account already exists for it, so nothing was changed.\n\nIf it was you, sign in instead:\n${signIn}\n\nForgot your password? Choose a new one here (this also verifies your address):\n${reset}\n\nIf it was not you, ignore this message: your account stays as it is.`,
    links: [signIn, reset],
  };
}
