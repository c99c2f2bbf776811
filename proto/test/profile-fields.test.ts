import {
  fieldMessages,
  profileMessages,
  profileSchema,
  validationMessages,
  type ProfileForm,
} from '@vellum/proto';
import { accepts, issues, refuses } from './helpers';

// The profile form and PUT /api/cirrus/{username}/profile read this one schema (the identity service's tests cover
// every message through the route; these cover what the route cannot show at once).

const EVERY_CONTROL = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];
const code = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;

const profile: ProfileForm = {
  displayName: 'Ada',
  firstName: 'Ada',
  lastName: 'King',
  location: 'London',
  summary: 'Notes.',
  image: 'https://images.example.com/ada.png',
  imageBackground: '#336699',
};

describe('the profile schema', () => {
  const singleLine: Array<[keyof ProfileForm, string]> = [
    ['displayName', 'Display name'],
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['location', 'Location'],
    ['image', 'Image'],
    ['imageBackground', 'Image background'],
  ];
  describe.each(singleLine)('%s', (field, label) => {
    it.each(EVERY_CONTROL.map((c) => [code(c), c]))(
      'refuses %s inside the text, naming the field',
      (_, c) => {
        expect(issues(profileSchema, { ...profile, [field]: `a${c}b` })).toEqual([
          `${field}: ${validationMessages.controlCharacters(label)}`,
        ]);
      },
    );
  });

  it('keeps tabs and line breaks in the summary (text with lines), and refuses every other control', () => {
    expect(accepts(profileSchema, { ...profile, summary: 'One\tline\r\nTwo' }).summary).toBe(
      'One\tline\r\nTwo',
    );
    for (const c of EVERY_CONTROL.filter((c) => !'\t\n\r'.includes(c))) {
      expect(refuses(profileSchema, { ...profile, summary: `a${c}b` })).toBe(
        validationMessages.controlCharacters('Summary'),
      );
    }
  });

  it('trims every field and lower-cases the colour', () => {
    const padded = Object.fromEntries(
      Object.entries(profile).map(([k, v]) => [k, ` \t${v.toUpperCase()}\n `]),
    );
    expect(accepts(profileSchema, padded)).toEqual({
      displayName: 'ADA',
      firstName: 'ADA',
      lastName: 'KING',
      location: 'LONDON',
      summary: 'NOTES.',
      image: 'HTTPS://IMAGES.EXAMPLE.COM/ADA.PNG',
      imageBackground: '#336699',
    });
  });

  it('counts 32 characters as the reader sees them, not UTF-16 units', () => {
    expect(accepts(profileSchema, { ...profile, firstName: '𝒜'.repeat(32) }).firstName).toBe('𝒜'.repeat(32));
    expect(refuses(profileSchema, { ...profile, firstName: '𝒜'.repeat(33) })).toBe(
      profileMessages.firstNameTooLong,
    );
  });

  it("uses the spec's name messages word for word", () => {
    expect(refuses(profileSchema, { ...profile, firstName: 'Ada1' })).toBe(
      'First name must consist of letters, apostrophes, or dashes.',
    );
    expect(refuses(profileSchema, { ...profile, lastName: 'K'.repeat(33) })).toBe(
      'Last name must have at most 32 characters.',
    );
  });
});

describe('fieldMessages', () => {
  it("gives each refused field's first message by name, and nothing for a body that is no object", () => {
    const result = profileSchema.safeParse({ ...profile, displayName: '', lastName: 'K1', summary: 5 });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({
      displayName: profileMessages.displayNameRequired,
      lastName: profileMessages.lastNamePattern,
      summary: validationMessages.notText('Summary'),
    });
    expect(fieldMessages(profileSchema.safeParse('profile').error!)).toEqual({});
  });
});
