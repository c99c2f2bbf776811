import { z } from 'zod';
import {
  emailRequestSchema,
  firstMessage,
  resetPasswordFormSchema,
  resetPasswordSchema,
  resetTokenCheckSchema,
  signInSchema,
  signUpFormSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@vellum/proto';
import { accepts, issues, refuses, repeat } from './helpers';

const NOT_OBJECT = 'The request must be a JSON object.';
const FORMAT = "Make sure your email is in the proper email format like 'name@example.com'.";

describe('signInSchema', () => {
  it('trims and lower-cases the email, keeps the password as typed', () => {
    expect(accepts(signInSchema, { email: ' Jo@Example.com ', password: ' pass word ' })).toEqual({
      email: 'jo@example.com',
      password: ' pass word ',
    });
  });

  it('checks nothing but presence and length (an old address format still signs in)', () => {
    expect(accepts(signInSchema, { email: 'jo', password: 'x' })).toEqual({ email: 'jo', password: 'x' });
  });

  it('allows 40 characters in each and refuses 41', () => {
    const email40 = `${repeat('a', 28)}@example.com`;
    expect(accepts(signInSchema, { email: email40, password: repeat('p', 40) })).toEqual({
      email: email40,
      password: repeat('p', 40),
    });
    expect(refuses(signInSchema, { email: `a${email40}`, password: 'x' })).toBe(
      'Email must have at most 40 characters.',
    );
    expect(refuses(signInSchema, { email: 'jo', password: repeat('p', 41) })).toBe(
      'Password must have at most 40 characters.',
    );
  });

  it('counts the email after trimming and the password with its spaces', () => {
    expect(accepts(signInSchema, { email: `  ${repeat('a', 40)}  `, password: 'x' }).email).toBe(
      repeat('a', 40),
    );
    expect(refuses(signInSchema, { email: 'jo', password: ` ${repeat('p', 39)} ` })).toBe(
      'Password must have at most 40 characters.',
    );
  });

  it('requires both', () => {
    expect(issues(signInSchema, {})).toEqual([
      'email: Email is required.',
      'password: Password is required.',
    ]);
    expect(refuses(signInSchema, { email: '  ', password: 'x' })).toBe('Email is required.');
    expect(refuses(signInSchema, { email: 'jo', password: '' })).toBe('Password is required.');
  });

  it.each([
    ['an array', ['jo@example.com']],
    ['an object', { $ne: '' }],
  ])('refuses %s in place of a string', (_, value) => {
    expect(refuses(signInSchema, { email: value, password: 'x' })).toBe('Email must be text.');
    expect(refuses(signInSchema, { email: 'jo', password: value })).toBe('Password must be text.');
  });

  it.each([null, [], 'email=jo', 42])('refuses a body that is not an object: %j', (body) => {
    expect(refuses(signInSchema, body)).toBe(NOT_OBJECT);
  });
});

describe('signUpSchema', () => {
  const valid = {
    username: '  Jo.Smith ',
    email: ' Jo@Example.com ',
    first_name: ' Zoë ',
    last_name: "O'Neil",
    password: ' secret-pw ',
  };

  it('normalises the payload and drops unknown keys', () => {
    expect(accepts(signUpSchema, { ...valid, admin: true, repeat_password: 'x' })).toEqual({
      username: 'Jo.Smith',
      email: 'jo@example.com',
      first_name: 'Zoë',
      last_name: "O'Neil",
      password: ' secret-pw ',
    });
  });

  it.each([
    ['username', 'Username is required.'],
    ['email', 'Email is required.'],
    ['first_name', 'First name is required.'],
    ['last_name', 'Last name is required.'],
    ['password', 'Password is required.'],
  ] as const)('requires %s', (field, message) => {
    const { [field]: _, ...rest } = valid;
    expect(refuses(signUpSchema, rest)).toBe(message);
  });

  it.each([
    ['username', repeat('a', 33), 'Your Username must have at most 32 characters.'],
    ['username', 'jo smith', 'Username must consist of letters, digits, apostrophes, dashes, or dots.'],
    ['email', `${repeat('a', 21)}@example.com`, 'Email must have at most 32 characters.'],
    ['email', 'jo@example', FORMAT],
    ['first_name', repeat('a', 33), 'First name must have at most 32 characters.'],
    ['first_name', 'Jo2', 'First name must consist of letters, apostrophes, or dashes.'],
    ['last_name', repeat('a', 33), 'Last name must have at most 32 characters.'],
    ['last_name', 'Smith Jr.', 'Last name must consist of letters, apostrophes, or dashes.'],
    ['password', repeat('a', 8), 'Your password must have at least 8 characters.'],
    ['password', repeat('a', 129), 'Your password must have at most 128 characters.'],
  ] as const)('refuses a bad %s (%j)', (field, value, message) => {
    expect(refuses(signUpSchema, { ...valid, [field]: value })).toBe(message);
  });

  it.each(['username', 'email', 'first_name', 'last_name', 'password'])(
    'refuses %s sent as an array or object',
    (field) => {
      expect(refuses(signUpSchema, { ...valid, [field]: ['x'] })).toMatch(/ must be text\.$/);
      expect(refuses(signUpSchema, { ...valid, [field]: { x: 1 } })).toMatch(/ must be text\.$/);
    },
  );

  it('lists problems in field order, so firstMessage shows the first field', () => {
    expect(
      issues(signUpSchema, { username: 'a b', email: 'x', first_name: '1', last_name: '2', password: '' }),
    ).toEqual([
      'username: Username must consist of letters, digits, apostrophes, dashes, or dots.',
      `email: ${FORMAT}`,
      'first_name: First name must consist of letters, apostrophes, or dashes.',
      'last_name: Last name must consist of letters, apostrophes, or dashes.',
      'password: Password is required.',
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(refuses(signUpSchema, [valid])).toBe(NOT_OBJECT);
  });
});

describe('signUpFormSchema', () => {
  const form = {
    username: 'jo',
    email: 'jo@example.com',
    first_name: 'Jo',
    last_name: 'Smith',
    password: 'secret-pw1',
    repeat_password: 'secret-pw1',
  };

  it('accepts a matching repeat', () => {
    expect(accepts(signUpFormSchema, form)).toEqual(form);
  });

  it('refuses a different repeat on the repeat field', () => {
    expect(issues(signUpFormSchema, { ...form, repeat_password: 'secret-pw2' })).toEqual([
      'repeat_password: Your confirmation password must match.',
    ]);
  });

  it('does not trim either password before comparing', () => {
    expect(refuses(signUpFormSchema, { ...form, repeat_password: 'secret-pw1 ' })).toBe(
      'Your confirmation password must match.',
    );
  });

  it('asks for the repeat when it is missing', () => {
    const { repeat_password: _, ...rest } = form;
    expect(refuses(signUpFormSchema, rest)).toBe('Your confirmation password must match.');
  });

  it('still has the field rules', () => {
    expect(refuses(signUpFormSchema, { ...form, password: 'short', repeat_password: 'short' })).toBe(
      'Your password must have at least 8 characters.',
    );
  });
});

describe('emailRequestSchema', () => {
  it('normalises the email', () => {
    expect(accepts(emailRequestSchema, { email: ' JO@example.com' })).toEqual({ email: 'jo@example.com' });
  });

  it('has the sign-up email rules and messages', () => {
    expect(refuses(emailRequestSchema, {})).toBe('Email is required.');
    expect(refuses(emailRequestSchema, { email: 'a@bc' })).toBe(FORMAT);
    expect(accepts(emailRequestSchema, { email: 'a@b.c' })).toEqual({ email: 'a@b.c' });
    expect(refuses(emailRequestSchema, { email: `${repeat('a', 21)}@example.com` })).toBe(
      'Email must have at most 32 characters.',
    );
    expect(refuses(emailRequestSchema, { email: ['jo@example.com'] })).toBe('Email must be text.');
    expect(refuses(emailRequestSchema, 'jo@example.com')).toBe(NOT_OBJECT);
  });
});

describe.each([
  ['verifyEmailSchema', verifyEmailSchema],
  ['resetTokenCheckSchema', resetTokenCheckSchema],
] as const)('%s', (_, schema) => {
  it('normalises the email and keeps a base64url token', () => {
    expect(accepts(schema, { email: ' Jo@Example.com', token: 'abc_DEF-123' })).toEqual({
      email: 'jo@example.com',
      token: 'abc_DEF-123',
    });
  });

  it('checks both fields', () => {
    expect(refuses(schema, { email: 'jo@example.com' })).toBe('Token is required.');
    expect(refuses(schema, { email: 'jo@example.com', token: 'a+b' })).toBe('Token is invalid.');
    expect(refuses(schema, { email: 'jo@example.com', token: repeat('a', 201) })).toBe('Token is invalid.');
    expect(refuses(schema, { email: 'jo@example.com', token: ['abc'] })).toBe('Token must be text.');
    expect(refuses(schema, { email: 'jo', token: 'abc' })).toBe(FORMAT);
    expect(refuses(schema, { token: 'abc' })).toBe('Email is required.');
  });
});

describe('resetPasswordSchema', () => {
  const length = 'Password must have at most 60 characters and at least 8 characters.';

  it('accepts 8 and 60 characters, refuses 7 and 61', () => {
    expect(accepts(resetPasswordSchema, { token: 'abc', password: repeat('a', 8) }).password).toBe(
      repeat('a', 8),
    );
    expect(accepts(resetPasswordSchema, { token: 'abc', password: repeat('a', 60) }).password).toBe(
      repeat('a', 60),
    );
    expect(refuses(resetPasswordSchema, { token: 'abc', password: repeat('a', 7) })).toBe(length);
    expect(refuses(resetPasswordSchema, { token: 'abc', password: repeat('a', 61) })).toBe(length);
  });

  it('does not trim the password', () => {
    expect(accepts(resetPasswordSchema, { token: 'abc', password: ' pass word ' }).password).toBe(
      ' pass word ',
    );
    expect(refuses(resetPasswordSchema, { token: 'abc', password: ` ${repeat('a', 59)} ` })).toBe(length);
  });

  it('requires a token and a password', () => {
    expect(issues(resetPasswordSchema, {})).toEqual([
      'token: Token is required.',
      'password: Password is required.',
    ]);
    expect(refuses(resetPasswordSchema, { token: 'abc', password: '' })).toBe('Password is required.');
    expect(refuses(resetPasswordSchema, { token: 'abc', password: { length: 10 } })).toBe(
      'Password must be text.',
    );
  });
});

describe('resetPasswordFormSchema', () => {
  it('accepts a matching repeat and refuses a different one', () => {
    const form = { token: 'abc', password: 'new-pass-1', repeat_password: 'new-pass-1' };
    expect(accepts(resetPasswordFormSchema, form)).toEqual(form);
    expect(issues(resetPasswordFormSchema, { ...form, repeat_password: 'new-pass-2' })).toEqual([
      'repeat_password: Passwords must match.',
    ]);
  });
});

describe('firstMessage', () => {
  it('returns the first issue message', () => {
    const result = signUpSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(firstMessage(result.error!)).toBe('Username is required.');
  });

  it('has a fallback for an error without issues', () => {
    expect(firstMessage(new z.ZodError([]))).toBe('The request is invalid.');
  });
});
