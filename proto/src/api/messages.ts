/** The example address in the email-format message (the spec writes it as '{email}'). */
export const EMAIL_EXAMPLE = 'name@example.com';

/** The spec's email-format message for a given example address. */
export const emailFormatMessage = (example: string = EMAIL_EXAMPLE) =>
  `Make sure your email is in the proper email format like '${example}'.`;

/**
 * Validation messages of the API request schemas. Those the spec gives (section 5) are word for word; the others
 * (required, wrong type, sign-in lengths, tokens) are ours, in the same voice.
 */
export const validationMessages = {
  requestNotObject: 'The request must be a JSON object.',
  notText: (field: string) => `${field} must be text.`,
  controlCharacters: (field: string) => `${field} cannot contain control characters.`,

  usernameRequired: 'Username is required.',
  usernamePattern: 'Username must consist of letters, digits, apostrophes, dashes, or dots.',
  usernameTooLong: 'Your Username must have at most 32 characters.',
  usernameDots: 'Username cannot start or end with a dot.',
  usernameReserved: 'That Username is reserved.',

  emailRequired: 'Email is required.',
  emailTooLong: 'Email must have at most 32 characters.',
  emailFormat: emailFormatMessage(),

  firstNameRequired: 'First name is required.',
  firstNamePattern: 'First name must consist of letters, apostrophes, or dashes.',
  firstNameTooLong: 'First name must have at most 32 characters.',
  lastNameRequired: 'Last name is required.',
  lastNamePattern: 'Last name must consist of letters, apostrophes, or dashes.',
  lastNameTooLong: 'Last name must have at most 32 characters.',

  passwordRequired: 'Password is required.',
  signUpPasswordTooShort: 'Your password must have at least 8 characters.',
  signUpPasswordTooLong: 'Your password must have at most 128 characters.',
  signUpPasswordMismatch: 'Your confirmation password must match.',
  resetPasswordLength: 'Password must have at most 60 characters and at least 8 characters.',
  resetPasswordMismatch: 'Passwords must match.',

  signInEmailTooLong: 'Email must have at most 40 characters.',
  signInPasswordTooLong: 'Password must have at most 40 characters.',

  tokenRequired: 'Token is required.',
  tokenInvalid: 'Token is invalid.',
} as const;
