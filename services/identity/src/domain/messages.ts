/** Texts the identity service answers with; those of the spec are word for word. */
export const messages = {
  signInFailed: 'Incorrect signin credentials.',
  notVerified: "This Cirrus' email hasn't been verified.",
  usernameTaken: 'That Username is already taken.',
  emailTaken: 'An account with that email already exists.',
  verificationFailed: "Your link is not recognized, maybe it's expired. Let's fix that!",
  resetLinkInvalid: 'This password reset link is invalid.',
  cirrusNotFound: 'This Cirrus does not exist.',
} as const;
