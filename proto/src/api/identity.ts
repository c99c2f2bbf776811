import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../text/control-characters';
import { requestBody, textField } from './fields';
import { validationMessages as messages } from './messages';

// Request schemas of the identity calls (spec sections 5 and 7). Inputs are trimmed, passwords never are.
// Checks run in order and firstMessage() shows the first failure, so 'required' comes first and stops the rest.
// Every field here is single-line: textField refuses control characters before any other check (after trimming, where
// the field trims); only the sign-in password keeps all but NUL (see signInSchema).

const USERNAME = /^[A-Za-z0-9'.-]+$/;
// Unicode letters (with combining marks, so decomposed accents pass), apostrophes (typed or typographic), dashes.
const NAME = /^[\p{L}\p{M}'\u2019-]+$/u;
// The HTML form's email grammar, but with at least one dot in the domain.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A username is a path segment of its cirrus's pages (/cirrus/{username}): browsers drop the dot segments '.' and
 * '..', so a name may not start or end with a dot (which also refuses names made only of dots).
 */
export const usernameSchema = textField('Username', messages.usernameRequired, { trim: true })
  .min(1, { error: messages.usernameRequired, abort: true })
  .regex(USERNAME, messages.usernamePattern)
  .refine((name) => !name.startsWith('.') && !name.endsWith('.'), messages.usernameDots)
  .max(32, messages.usernameTooLong);

/** Sign-up, verification and reset email: 5 to 32 characters, lower-cased. Too short reads as a bad format. */
export const emailSchema = textField('Email', messages.emailRequired, { trim: true })
  .toLowerCase()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(32, { error: messages.emailTooLong, abort: true })
  .min(5, { error: messages.emailFormat, abort: true })
  .regex(EMAIL, messages.emailFormat);

function nameSchema(required: string, pattern: string, tooLong: string, label: string) {
  return textField(label, required, { trim: true })
    .min(1, { error: required, abort: true })
    .regex(NAME, pattern)
    .max(32, tooLong);
}

export const firstNameSchema = nameSchema(
  messages.firstNameRequired,
  messages.firstNamePattern,
  messages.firstNameTooLong,
  'First name',
);
export const lastNameSchema = nameSchema(
  messages.lastNameRequired,
  messages.lastNamePattern,
  messages.lastNameTooLong,
  'Last name',
);

/**
 * Sign-up password. The spec's message and checklist say 8 characters, but its check requires MORE than 8, so
 * 8 characters are refused with 'at least 8'. Both are kept as written (spec section 5).
 *
 * A new password (here and on reset) refuses every control character, though only its argon2 hash is stored and
 * argon2 takes any bytes: a password box cannot type them, so one that holds a tab or a line break came from a
 * paste and would lock its owner out of signing in by typing it. The sign-in password refuses only NUL (below).
 */
export const signUpPasswordSchema = textField('Password', messages.passwordRequired)
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(9, messages.signUpPasswordTooShort)
  .max(128, messages.signUpPasswordTooLong);

/**
 * POST /api/signin. The spec caps both at 40 and checks nothing else; the email is lower-cased. The email refuses
 * control characters (it is looked up in Postgres, which refuses NUL). The password is only compared with a hash,
 * so it refuses NUL alone: a password set before new passwords refused control characters still signs in, and NUL,
 * refused in every request body anyway, never reaches argon2.
 */
export const signInSchema = requestBody({
  email: textField('Email', messages.emailRequired, { trim: true })
    .toLowerCase()
    .min(1, { error: messages.emailRequired, abort: true })
    .max(40, messages.signInEmailTooLong),
  password: textField('Password', messages.passwordRequired, { keepControls: CONTROL_CHARACTERS.allButNul })
    .min(1, { error: messages.passwordRequired, abort: true })
    .max(40, messages.signInPasswordTooLong),
});

/** POST /api/cirrus/create (what the server receives). */
export const signUpSchema = requestBody({
  username: usernameSchema,
  email: emailSchema,
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  password: signUpPasswordSchema,
});

/** The sign-up form: the payload plus the repeated password. */
export const signUpFormSchema = signUpSchema
  .extend({ repeat_password: textField('Password', messages.signUpPasswordMismatch) })
  .refine((form) => form.password === form.repeat_password, {
    path: ['repeat_password'],
    error: messages.signUpPasswordMismatch,
  });

/** Verification and reset tokens arrive in links: base64url, at most 200 characters. */
export const tokenSchema = textField('Token', messages.tokenRequired, { trim: true })
  .min(1, { error: messages.tokenRequired, abort: true })
  .max(200, { error: messages.tokenInvalid, abort: true })
  .regex(BASE64URL, messages.tokenInvalid);

/** PUT /api/verification/email and POST /api/password-reset/send. */
export const emailRequestSchema = requestBody({ email: emailSchema });

/** POST /api/verification/email. */
export const verifyEmailSchema = requestBody({ email: emailSchema, token: tokenSchema });

/** POST /api/password-reset/token. */
export const resetTokenCheckSchema = requestBody({ email: emailSchema, token: tokenSchema });

export const resetNewPasswordSchema = textField('Password', messages.passwordRequired)
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(8, messages.resetPasswordLength)
  .max(60, messages.resetPasswordLength);

/** POST /api/password-reset. */
export const resetPasswordSchema = requestBody({ token: tokenSchema, password: resetNewPasswordSchema });

/** The reset form: new password and its retyped copy (the token comes from the link). */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ repeat_password: textField('Password', messages.resetPasswordMismatch) })
  .refine((form) => form.password === form.repeat_password, {
    path: ['repeat_password'],
    error: messages.resetPasswordMismatch,
  });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
export type ResetTokenCheckInput = z.infer<typeof resetTokenCheckSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
