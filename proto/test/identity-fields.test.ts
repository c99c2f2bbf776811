import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  signUpPasswordSchema,
  tokenSchema,
  usernameSchema,
} from '@vellum/proto';
import { accepts, issues, refuses, repeat } from './helpers';

const NOT_STRINGS: [string, unknown][] = [
  ['an array', ['jo']],
  ['an object', { value: 'jo' }],
  ['a number', 42],
  ['a boolean', true],
];

describe('usernameSchema', () => {
  const pattern = 'Username must consist of letters, digits, apostrophes, dashes, or dots.';
  const tooLong = 'Your Username must have at most 32 characters.';
  const required = 'Username is required.';

  it('accepts ASCII letters, digits, apostrophes, dashes and dots', () => {
    expect(accepts(usernameSchema, "Jo.O'Neil-42")).toBe("Jo.O'Neil-42");
    expect(accepts(usernameSchema, 'a')).toBe('a');
  });

  it('trims', () => {
    expect(accepts(usernameSchema, '  jo \t\n')).toBe('jo');
  });

  it('allows 32 characters and refuses 33', () => {
    expect(accepts(usernameSchema, repeat('a', 32))).toBe(repeat('a', 32));
    expect(refuses(usernameSchema, repeat('a', 33))).toBe(tooLong);
  });

  it('counts the length after trimming', () => {
    expect(accepts(usernameSchema, ` ${repeat('a', 32)} `)).toBe(repeat('a', 32));
  });

  it.each(['jo hn', 'jo_n', 'jö', 'jo@x', 'jo!', 'jo/x', 'ジョ', 'jo’n'])('refuses %j', (name) => {
    expect(refuses(usernameSchema, name)).toBe(pattern);
  });

  it('reports the pattern before the length when both fail', () => {
    expect(issues(usernameSchema, repeat('a', 32) + '!')).toEqual([`: ${pattern}`, `: ${tooLong}`]);
  });

  // Browsers drop the dot segments of /cirrus/../ and /cirrus/./: a cirrus named so would have no page.
  it.each(['.', '..', '...', '.ada', 'ada.', '.ada.', ' ada. ', "'.", repeat('.', 32)])(
    'refuses %j: no leading or trailing dot',
    (name) => {
      expect(issues(usernameSchema, name)).toEqual([': Username cannot start or end with a dot.']);
    },
  );

  it.each(['go', 'Position', 'set-background-color', 'SET-ITEM-FONT-COLOR', 'set-item-background-color'])(
    'refuses %j: a name the API uses beside usernames',
    (name) => {
      expect(issues(usernameSchema, name)).toEqual([': That Username is reserved.']);
    },
  );

  it('keeps names that only contain a reserved one', () => {
    expect(accepts(usernameSchema, 'gopher')).toBe('gopher');
    expect(accepts(usernameSchema, 'position.x')).toBe('position.x');
  });

  it('still accepts dots inside, one or several', () => {
    expect(accepts(usernameSchema, 'a.da')).toBe('a.da');
    expect(accepts(usernameSchema, 'a..d.a')).toBe('a..d.a');
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
    ['null', null],
  ])('requires a value (%s) with one message', (_, value) => {
    expect(issues(usernameSchema, value)).toEqual([`: ${required}`]);
  });

  it.each(NOT_STRINGS)('refuses %s', (_, value) => {
    expect(refuses(usernameSchema, value)).toBe('Username must be text.');
  });
});

describe('emailSchema', () => {
  const format = "Make sure your email is in the proper email format like 'name@example.com'.";
  const tooLong = 'Email must have at most 32 characters.';

  it('trims and lower-cases', () => {
    expect(accepts(emailSchema, '  Jo.Smith@Example.COM ')).toBe('jo.smith@example.com');
  });

  it('allows 5 characters and refuses 4 with the format message', () => {
    expect(accepts(emailSchema, 'a@b.c')).toBe('a@b.c');
    expect(refuses(emailSchema, 'a@bc')).toBe(format);
    expect(refuses(emailSchema, 'a@b')).toBe(format);
  });

  it('allows 32 characters and refuses 33', () => {
    const local32 = repeat('a', 32 - '@example.com'.length);
    expect(accepts(emailSchema, `${local32}@example.com`)).toHaveLength(32);
    expect(refuses(emailSchema, `${local32}a@example.com`)).toBe(tooLong);
  });

  it('counts the length after trimming', () => {
    const email32 = `${repeat('a', 20)}@example.com`;
    expect(accepts(emailSchema, `  ${email32}  `)).toBe(email32);
  });

  it('reports only the length for a long address that is also malformed', () => {
    expect(issues(emailSchema, repeat('a', 40))).toEqual([`: ${tooLong}`]);
  });

  it.each([
    'jo',
    'jo@',
    '@example.com',
    'jo@example',
    'jo@example.',
    'jo @example.com',
    'jo@exa mple.com',
    'jo@-example.com',
    'jo@example-.com',
    'jo@@example.com',
    'jo@exa_mple.com',
  ])('refuses %j with the format message', (email) => {
    expect(refuses(emailSchema, email)).toBe(format);
  });

  it.each(['jo+tag@example.com', "o'neil@example.co.uk", 'j_o@sub.example.io'])('accepts %j', (email) => {
    expect(accepts(emailSchema, email)).toBe(email);
  });

  it.each([
    ['empty', ''],
    ['blank', '  '],
    ['missing', undefined],
    ['null', null],
  ])('requires a value (%s) with one message', (_, value) => {
    expect(issues(emailSchema, value)).toEqual([': Email is required.']);
  });

  it.each(NOT_STRINGS)('refuses %s', (_, value) => {
    expect(refuses(emailSchema, value)).toBe('Email must be text.');
  });
});

describe.each([
  ['firstNameSchema', firstNameSchema, 'First name'],
  ['lastNameSchema', lastNameSchema, 'Last name'],
] as const)('%s', (_, schema, label) => {
  const pattern = `${label} must consist of letters, apostrophes, or dashes.`;
  const tooLong = `${label} must have at most 32 characters.`;

  it.each([
    'Jo',
    'Zoë',
    'José',
    'Łukasz',
    'Мария',
    '李',
    'محمد',
    'Ngọc',
    "O'Neil",
    'O’Brien',
    'Jean-Luc',
    'Zoe\u0308',
  ])('accepts %j', (name) => {
    expect(accepts(schema, name)).toBe(name);
  });

  it('trims', () => {
    expect(accepts(schema, '  Zoë  ')).toBe('Zoë');
  });

  it('allows 32 characters and refuses 33, unicode letters included', () => {
    expect(accepts(schema, repeat('a', 32))).toBe(repeat('a', 32));
    expect(refuses(schema, repeat('a', 33))).toBe(tooLong);
    expect(accepts(schema, repeat('é', 32))).toBe(repeat('é', 32));
    expect(refuses(schema, repeat('é', 33))).toBe(tooLong);
  });

  it.each(['Jo2', 'Mary Ann', 'Jo.', 'Jo_', 'Jo!', 'J@'])('refuses %j', (name) => {
    expect(refuses(schema, name)).toBe(pattern);
  });

  it.each([
    ['empty', ''],
    ['blank', ' '],
    ['missing', undefined],
    ['null', null],
  ])('requires a value (%s)', (__, value) => {
    expect(issues(schema, value)).toEqual([`: ${label} is required.`]);
  });

  it.each(NOT_STRINGS)('refuses %s', (__, value) => {
    expect(refuses(schema, value)).toBe(`${label} must be text.`);
  });
});

describe('signUpPasswordSchema', () => {
  const tooShort = 'Your password must have at least 8 characters.';
  const tooLong = 'Your password must have at most 128 characters.';

  it('refuses 8 characters (the check requires more than 8) and accepts 9', () => {
    expect(refuses(signUpPasswordSchema, repeat('a', 8))).toBe(tooShort);
    expect(accepts(signUpPasswordSchema, repeat('a', 9))).toBe(repeat('a', 9));
    expect(refuses(signUpPasswordSchema, 'a')).toBe(tooShort);
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(accepts(signUpPasswordSchema, repeat('a', 128))).toBe(repeat('a', 128));
    expect(refuses(signUpPasswordSchema, repeat('a', 129))).toBe(tooLong);
  });

  it('is not trimmed: spaces are kept and count', () => {
    expect(accepts(signUpPasswordSchema, '  secret  ')).toBe('  secret  ');
    expect(refuses(signUpPasswordSchema, ` ${repeat('a', 127)} `)).toBe(tooLong);
    expect(accepts(signUpPasswordSchema, repeat(' ', 9))).toBe(repeat(' ', 9));
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['null', null],
  ])('requires a value (%s)', (_, value) => {
    expect(issues(signUpPasswordSchema, value)).toEqual([': Password is required.']);
  });

  it.each(NOT_STRINGS)('refuses %s', (_, value) => {
    expect(refuses(signUpPasswordSchema, value)).toBe('Password must be text.');
  });
});

describe('tokenSchema', () => {
  it('accepts base64url up to 200 characters and refuses 201', () => {
    const token = 'Ab0_-'.repeat(40);
    expect(accepts(tokenSchema, token)).toBe(token);
    expect(refuses(tokenSchema, token + 'a')).toBe('Token is invalid.');
  });

  it('trims', () => {
    expect(accepts(tokenSchema, ' abc ')).toBe('abc');
  });

  it.each(['abc+def', 'abc/def', 'abc=', 'a.b', 'a b', 'ä'])('refuses %j', (token) => {
    expect(refuses(tokenSchema, token)).toBe('Token is invalid.');
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
  ])('requires a value (%s)', (_, value) => {
    expect(issues(tokenSchema, value)).toEqual([': Token is required.']);
  });

  it.each(NOT_STRINGS)('refuses %s', (_, value) => {
    expect(refuses(tokenSchema, value)).toBe('Token must be text.');
  });
});
