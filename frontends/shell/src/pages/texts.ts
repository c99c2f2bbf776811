// Texts of spec sections 2 and 8 shown by the shell's own pages, word for word.
export const VERIFY_NOTICE = 'Verify your email to start using your Vellum.';
export const SEND_NEW_VERIFICATION_LINK = 'Send a New Verification Link';
export const verificationSucceeded = (email: string) =>
  `You've successfully verified your email address ${email}.`;
export const VERIFICATION_FAILED = "Your link is not recognized, maybe it's expired. Let's fix that!";
export const verificationSent = (email: string) =>
  `If ${email} is registered, we've sent a verification link to it.`;
export const resetRequested = (email: string) =>
  `If ${email} is registered, you should receive a password reset link shortly.`;
export const PASSWORD_CHANGED = 'The password has been successfully changed.';
export const RESET_LINK_INVALID = 'This password reset link is invalid.';
