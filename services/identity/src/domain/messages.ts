/** Texts the identity service answers with; those of the spec are word for word. */
export const messages = {
  signInFailed: 'Incorrect signin credentials.',
  notVerified: "This Cirrus' email hasn't been verified.",
  usernameTaken: 'That Username is already taken.',
  verificationFailed: "Your link is not recognized, maybe it's expired. Let's fix that!",
  resetLinkInvalid: 'This password reset link is invalid.',
  cirrusNotFound: 'This Cirrus does not exist.',
  adminAwaitsReset:
    'This is an admin account: before its first sign-in, set its password from a reset link (Reset Password).',
  signOutCrossSite: 'Sign out from Vellum itself: a link on another site cannot sign you out.',
  signOutNotNavigation: "Sign out with Vellum's Sign Out button: this request cannot sign you out.",
} as const;
