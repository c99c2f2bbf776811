import type { z } from 'zod';
import {
  actionRequestSchema,
  actionTextSchema,
  CONTROL_CHARACTERS,
  emailSchema,
  firstNameSchema,
  hasControlCharacter,
  lastNameSchema,
  resetNewPasswordSchema,
  searchQuerySchema,
  signInSchema,
  signUpFormSchema,
  signUpPasswordSchema,
  tokenSchema,
  usernameSchema,
  validateVellumDocument,
  validationMessages,
  vellumTitleSchema,
} from '@vellum/proto';
import { doc, image, link, p, text } from './fixtures/vellum-documents';
import { accepts, issues, refuses } from './helpers';

// Postgres refuses U+0000 in text and jsonb (a 500 before this rule); the other C0 controls and DEL are invisible
// and have no place in a name, an address or a title. Every field says so in its own words, and changes nothing.

/** Every C0 control and DEL. */
const EVERY_CONTROL = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];
const name = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
const controlMessage = (label: string) => `${label} cannot contain control characters.`;

describe('hasControlCharacter: the one definition of a control character', () => {
  it.each(EVERY_CONTROL.map((c) => [name(c), c]))('finds %s anywhere in the text', (_, c) => {
    expect(hasControlCharacter(`a${c}b`)).toBe(true);
    expect(hasControlCharacter(c)).toBe(true);
  });

  it('finds nothing in printable text, whatever the script, nor in C1 or format characters', () => {
    expect(hasControlCharacter('')).toBe(false);
    expect(hasControlCharacter("Ada O'Neil-Lovelace ~ 😀 ジョ é\u0301 \u00a0 \u0085 \u200b")).toBe(false);
  });

  it('lets each kind of text keep only its own controls', () => {
    expect(hasControlCharacter('a\tb', CONTROL_CHARACTERS.singleLine)).toBe(true);
    expect(hasControlCharacter('a\tb\nc', CONTROL_CHARACTERS.tabsAndLineFeeds)).toBe(false);
    expect(hasControlCharacter('a\r\nb', CONTROL_CHARACTERS.tabsAndLineFeeds)).toBe(true);
    expect(hasControlCharacter('a\t\r\nb', CONTROL_CHARACTERS.multiLine)).toBe(false);
    expect(hasControlCharacter('a\u000bb', CONTROL_CHARACTERS.multiLine)).toBe(true);
    expect(hasControlCharacter('a\u0007\u007fb', CONTROL_CHARACTERS.allButNul)).toBe(false);
    expect(hasControlCharacter('a\u0000b', CONTROL_CHARACTERS.allButNul)).toBe(true);
    for (const kept of Object.values(CONTROL_CHARACTERS)) {
      expect(hasControlCharacter('\u0000', kept)).toBe(true);
    }
  });
});

describe('single-line fields refuse every control character with a message naming the field', () => {
  const cases: Array<[string, z.ZodType, (c: string) => unknown, string]> = [
    ['usernameSchema', usernameSchema, (c) => `ada${c}x`, controlMessage('Username')],
    ['emailSchema', emailSchema, (c) => `ada${c}@example.com`, controlMessage('Email')],
    ['firstNameSchema', firstNameSchema, (c) => `Ada${c}x`, controlMessage('First name')],
    ['lastNameSchema', lastNameSchema, (c) => `Love${c}lace`, controlMessage('Last name')],
    ['signUpPasswordSchema', signUpPasswordSchema, (c) => `Correct${c}Horse9`, controlMessage('Password')],
    [
      'resetNewPasswordSchema',
      resetNewPasswordSchema,
      (c) => `Correct${c}Horse9`,
      controlMessage('Password'),
    ],
    ['tokenSchema', tokenSchema, (c) => `abc${c}def`, controlMessage('Token')],
    ['vellumTitleSchema', vellumTitleSchema, (c) => `My${c}title`, controlMessage('Title')],
    [
      'signInSchema email',
      signInSchema,
      (c) => ({ email: `ada${c}@example.com`, password: 'x' }),
      controlMessage('Email'),
    ],
    ['searchQuerySchema', searchQuerySchema, (c) => ({ query: `ada${c}lee` }), controlMessage('The search')],
  ];

  describe.each(cases)('%s', (_, schema, input, message) => {
    it.each(EVERY_CONTROL.map((c) => [name(c), c]))('refuses %s inside the text', (_c, c) => {
      expect(refuses(schema, input(c))).toBe(message);
    });

    it('gives that one message, not a pattern or format message as well', () => {
      expect(issues(schema, input('\u0000')).map((i) => i.replace(/^[^:]*: /, ''))).toEqual([message]);
    });
  });

  it('still trims surrounding whitespace, line breaks included, before looking (inputs are trimmed)', () => {
    expect(accepts(usernameSchema, ' \t ada \r\n')).toBe('ada');
    expect(accepts(emailSchema, '\nAda@Example.com\t')).toBe('ada@example.com');
    expect(accepts(vellumTitleSchema, '\tMy title\n')).toBe('My title');
    expect(accepts(searchQuerySchema, { query: ' ada\n' }).query).toBe('ada');
    // NUL and DEL are not whitespace: trimming never hides them.
    expect(refuses(usernameSchema, 'ada\u0000')).toBe(controlMessage('Username'));
    expect(refuses(vellumTitleSchema, '\u007fMy title')).toBe(controlMessage('Title'));
  });

  it('names the control-character rule in the shared messages', () => {
    expect(validationMessages.controlCharacters('Username')).toBe(
      'Username cannot contain control characters.',
    );
  });

  it('refuses a control character in the repeated password of the sign-up form too', () => {
    const form = {
      username: 'ada',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'Correct\tHorse9',
      repeat_password: 'Correct\tHorse9',
    };
    expect(issues(signUpFormSchema, form)).toEqual([
      `password: ${controlMessage('Password')}`,
      `repeat_password: ${controlMessage('Password')}`,
    ]);
  });
});

describe('the sign-in password refuses only NUL', () => {
  it('refuses NUL', () => {
    expect(refuses(signInSchema, { email: 'ada@example.com', password: 'secret\u0000' })).toBe(
      controlMessage('Password'),
    );
  });

  it('lets other controls through, so a password set before the rule still signs in', () => {
    for (const c of EVERY_CONTROL.filter((c) => c !== '\u0000')) {
      expect(accepts(signInSchema, { email: 'ada@example.com', password: `se${c}cret` }).password).toBe(
        `se${c}cret`,
      );
    }
  });
});

describe('action text keeps tabs and line feeds, nothing else', () => {
  it('accepts tabs and line feeds inside', () => {
    expect(accepts(actionTextSchema, 'Water\tthe\nplants')).toBe('Water\tthe\nplants');
  });

  it.each(EVERY_CONTROL.filter((c) => c !== '\t' && c !== '\n').map((c) => [name(c), c]))(
    'refuses %s',
    (_, c) => {
      expect(refuses(actionTextSchema, `Water${c}plants`)).toBe('Action cannot contain control characters.');
      expect(
        refuses(actionRequestSchema, { forCirrusI: '00000000-0000-4000-8000-000000000000', text: `a${c}b` }),
      ).toBe('Action cannot contain control characters.');
    },
  );

  it('refuses a control character in the follower id with a message', () => {
    expect(
      refuses(actionRequestSchema, {
        forCirrusI: '00000000-0000-4000-8000-00000000000\u0000',
        text: 'x',
      }),
    ).toBe('forCirrusI cannot contain control characters.');
  });
});

describe('vellum documents refuse control characters other than tab and line breaks', () => {
  const refusedMessage = (input: unknown) => {
    const result = validateVellumDocument(input);
    if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
    return result.message;
  };
  const textMessage = 'The text of a Vellum cannot contain control characters.';

  it('keeps tabs, line feeds and carriage returns in text (code blocks hold them)', () => {
    const code = doc({ type: 'codeBlock', attrs: { language: null }, content: [text('a\tb\r\nc\n')] });
    expect(validateVellumDocument(code).ok).toBe(true);
    expect(validateVellumDocument(JSON.stringify(code)).ok).toBe(true);
  });

  it.each(EVERY_CONTROL.filter((c) => !'\t\n\r'.includes(c)).map((c) => [name(c), c]))(
    'refuses %s in a text node, sent as an object or as JSON text',
    (_, c) => {
      expect(refusedMessage(doc(p(text(`a${c}b`))))).toBe(textMessage);
      expect(refusedMessage(JSON.stringify(doc(p(text(`a${c}b`)))))).toBe(textMessage);
    },
  );

  it('refuses NUL in a heading, a table cell or a list, however deep', () => {
    const heading = doc({ type: 'heading', attrs: { level: 2 }, content: [text('Ti\u0000tle')] });
    expect(refusedMessage(heading)).toBe(textMessage);
    const list = doc({
      type: 'bulletList',
      content: [{ type: 'listItem', content: [p(text('ok')), p(text('n\u0000'))] }],
    });
    expect(refusedMessage(JSON.stringify(list))).toBe(textMessage);
  });

  it('refuses control characters in text attributes (an image alt or title, a link title)', () => {
    expect(refusedMessage(image('https://x.example/a.png', { alt: 'a\u0000' }))).toBe(
      'The attribute "alt" of node "image" must be text without control characters.',
    );
    expect(refusedMessage(image('https://x.example/a.png', { title: 'a\u0007' }))).toBe(
      'The attribute "title" of node "image" must be text without control characters.',
    );
    expect(refusedMessage(link('https://x.example/', { title: 'a\u007f' }))).toBe(
      'The attribute "title" of mark "link" must be text without control characters.',
    );
    expect(validateVellumDocument(image('https://x.example/a.png', { alt: 'two\nlines\tand\r\n' })).ok).toBe(
      true,
    );
  });
});
