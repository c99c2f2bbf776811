import { z } from 'zod';
import { isSafeUrl } from '../editor/urls';
import { CONTROL_CHARACTERS } from '../text/control-characters';
import { HEX_COLOUR_PATTERN } from '../text/patterns';
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
/**
 * Names that would collide with the API's own paths beside `{username}` (the link service's `/api/link/go/{id}`,
 * `/api/link/position` and `/api/link/set-…-color` next to `/api/link/{username}`): a cirrus by one of these names
 * could not use their page. Compared case-insensitively.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'go',
  'position',
  'set-background-color',
  'set-item-font-color',
  'set-item-background-color',
];

export const usernameSchema = textField('Username', messages.usernameRequired, { trim: true })
  .min(1, { error: messages.usernameRequired, abort: true })
  .regex(USERNAME, messages.usernamePattern)
  .refine((name) => !name.startsWith('.') && !name.endsWith('.'), messages.usernameDots)
  .max(32, messages.usernameTooLong)
  .refine((name) => !RESERVED_USERNAMES.includes(name.toLowerCase()), messages.usernameReserved);

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

// ---------------------------------------------------------------------------------------------------------------
// PUT /api/cirrus/{username}/profile: the profile editing form and the identity service read the same schema.

/** Limits of the profile (spec sections 5 and 9: 32 characters where the spec says so; the summary is ours). */
export const PROFILE_NAME_MAX = 32;
export const PROFILE_LOCATION_MAX = 32;
export const PROFILE_SUMMARY_MAX = 500;
export const PROFILE_IMAGE_MAX = 2048;

/**
 * Messages of the profile edit. The first and last name messages are the spec's (section 5), word for word, as at
 * sign-up; the others are ours, in the same voice.
 */
export const profileMessages = {
  displayNameRequired: 'Display name is required.',
  displayNamePattern: 'Display name must consist of letters, digits, dots, apostrophes, dashes, or spaces.',
  displayNameTooLong: `Display name must have at most ${PROFILE_NAME_MAX} characters.`,
  firstNameRequired: messages.firstNameRequired,
  firstNamePattern: messages.firstNamePattern,
  firstNameTooLong: messages.firstNameTooLong,
  lastNameRequired: messages.lastNameRequired,
  lastNamePattern: messages.lastNamePattern,
  lastNameTooLong: messages.lastNameTooLong,
  locationPattern: 'Location must consist of letters, digits, dots, commas, apostrophes, dashes, or spaces.',
  locationTooLong: `Location must have at most ${PROFILE_LOCATION_MAX} characters.`,
  summaryTooLong: `Summary must have at most ${PROFILE_SUMMARY_MAX} characters.`,
  imageUrl: 'Image must be a full web address starting with https://, or empty for the generated avatar.',
  imageTooLong: `Image address must have at most ${PROFILE_IMAGE_MAX} characters.`,
  imageBackground: 'Image background must be a CSS hex colour like #337ab7, or empty.',
  imageOwnOrigin: "Image must be on another site: an address of Vellum's own is not a picture.",
  signIn: 'Sign in to edit your profile.',
  ownerOnly: 'Only its owner can edit this profile.',
  saved: 'Your profile has been saved.',
  saveFailed: 'Your profile could not be saved.',
} as const;

// Letters of any script (with combining marks, so decomposed accents pass), apostrophes (typed or typographic),
// dashes and spaces (any space separator: a no-break space pasted from a document is a space too); control
// characters (tab, line breaks) are refused by textField before these run.
const DISPLAY_NAME = /^[\p{L}\p{M}\p{Nd}.'\u2019\p{Zs}-]+$/u;
const LOCATION = /^[\p{L}\p{M}\p{Nd}.,'\u2019\p{Zs}-]*$/u;
const PROFILE_NAME = /^[\p{L}\p{M}'\u2019\p{Zs}-]+$/u;

/** Length as the reader counts it (code points), not UTF-16 units. */
const characters = (text: string) => [...text].length;

/** A field a profile may leave empty: missing or null reads as empty. */
const emptyWhenMissing = (value: unknown) => (value === undefined || value === null ? '' : value);

function profileNameSchema(label: string, required: string, pattern: string, tooLong: string) {
  return textField(label, required, { trim: true })
    .refine((text) => text.length > 0, { error: required, abort: true })
    .refine((text) => PROFILE_NAME.test(text), { error: pattern, abort: true })
    .refine((text) => characters(text) <= PROFILE_NAME_MAX, { error: tooLong, abort: true });
}

/** Display name: trimmed, 1 to 32 characters: letters, digits, dots, apostrophes, dashes, spaces. */
export const displayNameSchema = textField('Display name', profileMessages.displayNameRequired, {
  trim: true,
})
  .refine((text) => text.length > 0, { error: profileMessages.displayNameRequired, abort: true })
  .refine((text) => DISPLAY_NAME.test(text), { error: profileMessages.displayNamePattern, abort: true })
  .refine((text) => characters(text) <= PROFILE_NAME_MAX, {
    error: profileMessages.displayNameTooLong,
    abort: true,
  });

/** Location: optional (empty), trimmed, at most 32 characters: as the display name, plus commas. */
export const locationSchema = z.preprocess(
  emptyWhenMissing,
  textField('Location', '', { trim: true })
    .refine((text) => LOCATION.test(text), { error: profileMessages.locationPattern, abort: true })
    .refine((text) => characters(text) <= PROFILE_LOCATION_MAX, {
      error: profileMessages.locationTooLong,
      abort: true,
    }),
);

/** Summary: optional, trimmed, at most 500 characters; text with lines (tabs, line feeds, carriage returns). */
export const summarySchema = z.preprocess(
  emptyWhenMissing,
  textField('Summary', '', { trim: true, keepControls: CONTROL_CHARACTERS.multiLine }).refine(
    (text) => characters(text) <= PROFILE_SUMMARY_MAX,
    { error: profileMessages.summaryTooLong, abort: true },
  ),
);

/** Image: an absolute https URL written plainly (no credentials, no hidden characters), or empty for the avatar. */
export const profileImageSchema = z.preprocess(
  emptyWhenMissing,
  textField('Image', '', { trim: true })
    .refine((text) => text.length <= PROFILE_IMAGE_MAX, { error: profileMessages.imageTooLong, abort: true })
    .refine((text) => text === '' || isSafeUrl(text, ['https:']), {
      error: profileMessages.imageUrl,
      abort: true,
    }),
);

/** Image background: a CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa), kept lower-cased, or empty. */
export const imageBackgroundSchema = z.preprocess(
  emptyWhenMissing,
  textField('Image background', '', { trim: true })
    .refine((text) => text === '' || HEX_COLOUR_PATTERN.test(text), {
      error: profileMessages.imageBackground,
      abort: true,
    })
    .transform((text) => text.toLowerCase()),
);

/** PUT /api/cirrus/{username}/profile, and the profile form: the whole new profile, each field checked alone. */
export const profileSchema = requestBody({
  displayName: displayNameSchema,
  firstName: profileNameSchema(
    'First name',
    profileMessages.firstNameRequired,
    profileMessages.firstNamePattern,
    profileMessages.firstNameTooLong,
  ),
  lastName: profileNameSchema(
    'Last name',
    profileMessages.lastNameRequired,
    profileMessages.lastNamePattern,
    profileMessages.lastNameTooLong,
  ),
  location: locationSchema,
  summary: summarySchema,
  image: profileImageSchema,
  imageBackground: imageBackgroundSchema,
});

/** POST /api/cirrus/{username}/delete and the Delete Account modal: the texts, and the password that confirms it. */
export const deleteAccountMessages = {
  passwordRequired: 'Enter your password to delete your account.',
  passwordTooLong: 'Password must have at most 40 characters.',
  wrongPassword: 'That password is not right: your account was not deleted.',
  signIn: 'Sign in to delete your account.',
  ownerOnly: 'Only its owner can delete this account.',
  explanation:
    'Deleting your account removes your profile, your vellums and the scores you gave, your actions and requests, ' +
    'your follows, your link page and its clicks, your messages and conversations. It cannot be undone.',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Your account could not be deleted.',
} as const;

export const deleteAccountSchema = requestBody({
  password: textField('Password', deleteAccountMessages.passwordRequired, {
    keepControls: CONTROL_CHARACTERS.allButNul,
  })
    .min(1, { error: deleteAccountMessages.passwordRequired, abort: true })
    .max(40, deleteAccountMessages.passwordTooLong),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The profile as the form holds it (every field text) and as the service stores it (trimmed, checked). */
export type ProfileForm = { [K in keyof z.output<typeof profileSchema>]: string };

/** The profile's fields, in the form's order. */
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as Array<keyof ProfileForm>;
export type ProfileInput = z.output<typeof profileSchema>;

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
export type ResetTokenCheckInput = z.infer<typeof resetTokenCheckSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The identity answers (the OpenAPI document, the API suites' checks): the identity service's views give these.

/** The signed cirrus of spec section 3 (GET /api/sc, POST /api/signin), and whether it is an admin. */
export const signedCirrusSchema = z.object({
  i: z.string(),
  username: z.string(),
  displayName: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Left out when the cirrus has none. */
  image: z.string().optional(),
  isAdmin: z.boolean(),
});
export type SignedCirrus = z.infer<typeof signedCirrusSchema>;

/** GET /api/user (the older call): username, name and image ('' when none). */
export const signedUserSchema = z.object({ username: z.string(), name: z.string(), image: z.string() });

/** The viewed cirrus of spec section 3; `email` is '' for anyone but the cirrus itself. */
export const viewedCirrusSchema = z.object({
  i: z.string(),
  username: z.string(),
  display_name: z.string(),
  displayName: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  image: z.string(),
  imageBackground: z.string(),
  location: z.string(),
  summary: z.string(),
  outstandingActions: z.number().int(),
  linkBackgroundColor: z.string(),
  linkItemFontColor: z.string(),
  linkItemBackgroundColor: z.string(),
});
export type ViewedCirrus = z.infer<typeof viewedCirrusSchema>;

/** `{status: 'Success'}`: sign-up, a verification link or reset link sent, a password reset. */
export const statusSuccessSchema = z.object({ status: z.literal('Success') });

// ---------------------------------------------------------------------------------------------------------------
// One's own sessions and password (the profile edit page): GET /api/sessions, DELETE /api/sessions/{key},
// POST /api/password.

export const sessionMessages = {
  signIn: 'Sign in to see your sessions.',
  notFound: 'That session is not open (any more).',
  ended: 'The session has been ended.',
  endFailed: 'The session could not be ended.',
  listFailed: 'Your sessions could not be loaded.',
  currentRequired: 'Enter your current password.',
  currentTooLong: 'Password must have at most 128 characters.',
  wrongPassword: 'Your current password is not right: your password was not changed.',
  signInToChange: 'Sign in to change your password.',
  /** The spec's success text (section 9). */
  changed: 'The password has been successfully changed.',
  changeFailed: 'Your password could not be changed.',
} as const;

/** A session's key: the HMAC that names it outside identity (`sessionKeyOf`, base64url of SHA-256), never its id. */
export const SESSION_KEY = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/password: the current password (as sign-in compares it) and the new one (sign-up's rule). */
export const changePasswordSchema = requestBody({
  currentPassword: textField('Current password', sessionMessages.currentRequired, {
    keepControls: CONTROL_CHARACTERS.allButNul,
  })
    .min(1, { error: sessionMessages.currentRequired, abort: true })
    .max(128, sessionMessages.currentTooLong),
  password: signUpPasswordSchema,
});

/** The change-password form: the payload plus the repeated new password. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ repeat_password: textField('Password', messages.signUpPasswordMismatch) })
  .refine((form) => form.password === form.repeat_password, {
    path: ['repeat_password'],
    error: messages.signUpPasswordMismatch,
  });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** One of the caller's sessions: its key, the device at sign-in, when it started and was last used (ISO 8601). */
export const sessionViewSchema = z.object({
  key: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this call came from. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** GET /api/sessions: the caller's live sessions, the current one first, then the most recently used. */
export const sessionsAnswerSchema = z.object({ sessions: z.array(sessionViewSchema) });

/** POST /api/password: how many other sessions ended (the current one stays). */
export const passwordChangedSchema = z.object({ endedSessions: z.number().int() });
