import { EMAIL_EXAMPLE, emailFormatMessage, validationMessages } from '@vellum/proto';

// The spec's texts, typed out again here so a typo in messages.ts cannot pass.
describe('validation messages match the spec word for word', () => {
  it.each([
    ['usernamePattern', 'Username must consist of letters, digits, apostrophes, dashes, or dots.'],
    ['usernameTooLong', 'Your Username must have at most 32 characters.'],
    ['usernameRequired', 'Username is required.'],
    ['emailTooLong', 'Email must have at most 32 characters.'],
    ['emailFormat', "Make sure your email is in the proper email format like 'name@example.com'."],
    ['firstNamePattern', 'First name must consist of letters, apostrophes, or dashes.'],
    ['lastNamePattern', 'Last name must consist of letters, apostrophes, or dashes.'],
    ['firstNameTooLong', 'First name must have at most 32 characters.'],
    ['lastNameTooLong', 'Last name must have at most 32 characters.'],
    ['signUpPasswordTooShort', 'Your password must have at least 8 characters.'],
    ['signUpPasswordTooLong', 'Your password must have at most 128 characters.'],
    ['signUpPasswordMismatch', 'Your confirmation password must match.'],
    ['resetPasswordLength', 'Password must have at most 60 characters and at least 8 characters.'],
    ['resetPasswordMismatch', 'Passwords must match.'],
  ] as const)('%s', (key, text) => {
    expect(validationMessages[key]).toBe(text);
  });

  it('fills the email example into the spec template', () => {
    expect(EMAIL_EXAMPLE).toBe('name@example.com');
    expect(emailFormatMessage('jo@vellum.dev')).toBe(
      "Make sure your email is in the proper email format like 'jo@vellum.dev'.",
    );
  });
});
