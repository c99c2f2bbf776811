import request from 'supertest';
import { CirrusProfileChangedSchema, decodePayload, profileMessages, unpackEnvelope } from '@vellum/proto';
import { eventually, newAccount } from '@vellum/platform/test-support';
import { identityHarness } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;
type Profile = Record<string, unknown>;
interface Person {
  id: string;
  username: string;
  email: string;
  password: string;
}

const EDIT = {
  displayName: 'Ada the Countess',
  firstName: 'Augusta Ada',
  lastName: 'King-Noel',
  location: 'London, U.K.',
  summary: 'Wrote the first program.\nNotes on the Analytical Engine.',
  image: 'https://images.example.com/ada.png',
  imageBackground: '#336699',
};

describe('PUT /api/cirrus/{username}/profile', () => {
  let h: Harness;
  let ada: Person;
  let bob: Person;

  /** Signs up, follows the verification link, and answers the cirrus as the gateway would name it. */
  async function person(verify = true): Promise<Person> {
    const account = newAccount();
    await request(h.app).post('/api/cirrus/create').send(account).expect(201);
    if (verify) {
      const token = (await h.mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
      await request(h.app).post('/api/verification/email').send({ email: account.email, token }).expect(200);
    }
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM identity.cirri WHERE username = $1', [
      account.username,
    ]);
    return { id: rows[0]!.id, ...account };
  }

  const edit = (who: Person | undefined, username: string, body: object) =>
    h.as(who && { id: who.id, username: who.username }).put(`/api/cirrus/${username}/profile`, body);

  /** The stored profile columns and the number of profile events in the outbox. */
  async function stored(who: Person) {
    const { rows } = await h.db.query<Profile>(
      `SELECT display_name, first_name, last_name, location, summary, image, image_background
         FROM identity.cirri WHERE id = $1`,
      [who.id],
    );
    const events = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.outbox WHERE key = $1 AND type = $2`,
      [who.id, CirrusProfileChangedSchema.typeName],
    );
    return { row: rows[0], events: events.rows[0]!.n };
  }

  const profileEvents = (who: Person) =>
    h.published
      .map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }))
      .filter((m) => m.key === who.id && m.envelope.type === CirrusProfileChangedSchema.typeName)
      .map((m) => decodePayload(m.envelope, CirrusProfileChangedSchema));

  beforeAll(async () => {
    h = await identityHarness();
    ada = await person();
    bob = await person();
  }, 30_000);
  afterAll(() => h.close());

  it('writes the owner’s new profile, answers it as GET does, and publishes the full new state', async () => {
    const res = await edit(ada, ada.username, {
      ...EDIT,
      displayName: `  ${EDIT.displayName}  `,
      imageBackground: ' #336699 '.toUpperCase(),
    });
    expect(res.status).toBe(200);
    const viewed = (await h.as({ id: ada.id, username: ada.username }).get(`/api/cirrus/${ada.username}`))
      .body as { viewedCirrus: Profile };
    expect(res.body).toEqual(viewed);
    expect(viewed.viewedCirrus).toMatchObject({
      i: ada.id,
      username: ada.username,
      displayName: EDIT.displayName,
      display_name: EDIT.displayName,
      name: EDIT.displayName,
      firstName: EDIT.firstName,
      lastName: EDIT.lastName,
      email: ada.email,
      location: EDIT.location,
      summary: EDIT.summary,
      image: EDIT.image,
      imageBackground: '#336699',
    });
    // A visitor sees the same profile (without the email).
    const visitor = await h.as().get(`/api/cirrus/${ada.username}`);
    expect(visitor.body.viewedCirrus).toMatchObject({ displayName: EDIT.displayName, email: '' });
    // The signed cirrus (the top bar's name and avatar) follows too.
    const signedIn = await request(h.app)
      .post('/api/signin')
      .send({ email: ada.email, password: ada.password });
    expect(signedIn.body.signedCirrus).toMatchObject({ displayName: EDIT.displayName, image: EDIT.image });

    await expect(stored(ada)).resolves.toMatchObject({ events: 1 });
    const published = await eventually(() => profileEvents(ada)[0], 3_000, 'the event');
    expect(published).toMatchObject({
      cirrusId: ada.id,
      username: ada.username,
      displayName: EDIT.displayName,
      firstName: EDIT.firstName,
      lastName: EDIT.lastName,
      image: EDIT.image,
      location: EDIT.location,
      summary: EDIT.summary,
    });
  });

  it('clears the optional fields (empty, null or missing) back to none: the generated avatar', async () => {
    const res = await edit(ada, ada.username.toUpperCase(), {
      displayName: 'Ada',
      firstName: 'Ada',
      lastName: 'King',
      location: '',
      summary: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.viewedCirrus).toMatchObject({
      displayName: 'Ada',
      location: '',
      summary: '',
      image: '',
      imageBackground: '',
    });
    const { row } = await stored(ada);
    expect(row).toMatchObject({ location: null, summary: null, image: null, image_background: null });
    const last = await eventually(() => profileEvents(ada)[1], 3_000, 'the second event');
    expect(last).toMatchObject({ displayName: 'Ada', image: '', location: '', summary: '' });
  });

  it('writes and publishes nothing when the profile is sent unchanged', async () => {
    const before = await stored(ada);
    const res = await edit(ada, ada.username, { displayName: 'Ada', firstName: 'Ada', lastName: 'King' });
    expect(res.status).toBe(200);
    expect(res.body.viewedCirrus).toMatchObject({ displayName: 'Ada' });
    expect(await stored(ada)).toEqual(before);
  });

  it.each([
    [
      'letters of any script, digits, dots, apostrophes, dashes and spaces',
      { displayName: "Jean-Luc O'Brien 3.0" },
    ],
    ['Cyrillic and Han names', { displayName: 'Пётр 李小龍', firstName: 'Пётр', lastName: '李' }],
    ['decomposed accents', { displayName: 'Jose\u0301', firstName: 'Jose\u0301' }],
    ['a typographic apostrophe and spaces in names', { firstName: 'Mary Ann', lastName: 'D\u2019Arcy' }],
    ['32 characters of letters outside the BMP', { displayName: '𝒜'.repeat(32) }],
    ['a location with commas', { location: 'Paris, Île-de-France' }],
    ['500 characters of summary with line breaks', { summary: `${'a'.repeat(249)}\r\n${'b'.repeat(249)}` }],
    ['a 3-digit colour', { imageBackground: '#fff' }],
  ])('accepts %s', async (_name, change) => {
    const res = await edit(bob, bob.username, { ...EDIT, ...change });
    expect(res.status).toBe(200);
    for (const [field, value] of Object.entries(change)) expect(res.body.viewedCirrus[field]).toBe(value);
  });

  const m = profileMessages;
  const refusals: Array<[string, Profile, string, string]> = [
    ['an empty display name', { displayName: '   ' }, 'displayName', m.displayNameRequired],
    ['a missing display name', { displayName: undefined }, 'displayName', m.displayNameRequired],
    ['a display name with a comma', { displayName: 'Ada, Countess' }, 'displayName', m.displayNamePattern],
    ['a display name with an @', { displayName: 'ada@home' }, 'displayName', m.displayNamePattern],
    ['a display name with an underscore', { displayName: 'ada_l' }, 'displayName', m.displayNamePattern],
    ['a 33-character display name', { displayName: 'a'.repeat(33) }, 'displayName', m.displayNameTooLong],
    ['a display name that is a number', { displayName: 42 }, 'displayName', 'Display name must be text.'],
    [
      'a display name with a tab',
      { displayName: 'Ada\tKing' },
      'displayName',
      'Display name cannot contain control characters.',
    ],
    ['an empty first name', { firstName: '' }, 'firstName', 'First name is required.'],
    [
      'a first name with digits',
      { firstName: 'Ada2' },
      'firstName',
      'First name must consist of letters, apostrophes, or dashes.',
    ],
    ['a first name with a dot', { firstName: 'A.' }, 'firstName', m.firstNamePattern],
    [
      'a 33-character first name',
      { firstName: 'A'.repeat(33) },
      'firstName',
      'First name must have at most 32 characters.',
    ],
    ['an empty last name', { lastName: ' ' }, 'lastName', 'Last name is required.'],
    [
      'a last name with digits',
      { lastName: 'L0velace' },
      'lastName',
      'Last name must consist of letters, apostrophes, or dashes.',
    ],
    [
      'a 33-character last name',
      { lastName: 'L'.repeat(33) },
      'lastName',
      'Last name must have at most 32 characters.',
    ],
    [
      'a last name with a line feed',
      { lastName: 'King\nNoel' },
      'lastName',
      'Last name cannot contain control characters.',
    ],
    ['a location with a semicolon', { location: 'London; UK' }, 'location', m.locationPattern],
    ['a 33-character location', { location: 'L'.repeat(33) }, 'location', m.locationTooLong],
    ['a 501-character summary', { summary: 's'.repeat(501) }, 'summary', m.summaryTooLong],
    [
      'a summary with a NUL-free bell',
      { summary: 'ding\u0007' },
      'summary',
      'Summary cannot contain control characters.',
    ],
    ['an http image', { image: 'http://images.example.com/ada.png' }, 'image', m.imageUrl],
    ['a relative image', { image: '/ada.png' }, 'image', m.imageUrl],
    ['a javascript image', { image: 'javascript:alert(1)' }, 'image', m.imageUrl],
    ['an image with credentials', { image: 'https://u:p@images.example.com/a.png' }, 'image', m.imageUrl],
    [
      'an image address over 2048 characters',
      { image: `https://x.example/${'a'.repeat(2040)}` },
      'image',
      m.imageTooLong,
    ],
    ['a named colour', { imageBackground: 'red' }, 'imageBackground', m.imageBackground],
    ['a 5-digit colour', { imageBackground: '#12345' }, 'imageBackground', m.imageBackground],
  ];
  it.each(refusals)(
    'refuses %s with its message under its field and changes nothing',
    async (_n, change, field, message) => {
      const before = await stored(bob);
      const res = await edit(bob, bob.username, { ...EDIT, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid', fieldErrors: { [field]: message } });
      expect(await stored(bob)).toEqual(before);
    },
  );

  // Issue 23, defect 5: an image on the app's own host is a request of every viewer's to Vellum with their cookies
  // (`https://<the app>/api/signout` signed them out).
  it("refuses an image on the app's own host, on any scheme or port, and changes nothing", async () => {
    const before = await stored(ada);
    const message = "Image must be on another site: an address of Vellum's own is not a picture.";
    for (const image of [
      'https://vellum.test/api/signout',
      'https://VELLUM.test./api/link/go/1',
      'https://vellum.test:8443/x.png',
    ]) {
      const res = await edit(ada, ada.username, { ...EDIT, image });
      expect([image, res.status]).toEqual([image, 400]);
      expect(res.body).toEqual({ error: message, code: 'invalid', fieldErrors: { image: message } });
    }
    expect(await stored(ada)).toEqual(before);
    expect(
      (await edit(ada, ada.username, { ...EDIT, image: 'https://images.vellum.test.example/a.png' })).status,
    ).toBe(200);
  });

  it('names every refused field at once', async () => {
    const res = await edit(bob, bob.username, {
      displayName: '',
      firstName: 'A1',
      lastName: 'B'.repeat(40),
      location: '#',
      summary: 'x'.repeat(600),
      image: 'ftp://x.example/a.png',
      imageBackground: 'blue',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      displayName: m.displayNameRequired,
      firstName: m.firstNamePattern,
      lastName: m.lastNameTooLong,
      location: m.locationPattern,
      summary: m.summaryTooLong,
      image: m.imageUrl,
      imageBackground: m.imageBackground,
    });
    expect(res.body.error).toBe(m.displayNameRequired);
  });

  it('refuses a body that is not an object, naming no field', async () => {
    const res = await edit(bob, bob.username, ['not', 'a', 'profile']);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'The request must be a JSON object.',
      code: 'invalid',
      fieldErrors: {},
    });
  });

  it('lets only the owner edit: 401 for a visitor, 403 for another cirrus, 404 for an unknown or unverified one', async () => {
    const before = await stored(ada);
    const visitor = await edit(undefined, ada.username, EDIT);
    expect([visitor.status, visitor.body]).toEqual([
      401,
      { error: 'Sign in to edit your profile.', code: 'unauthenticated', fieldErrors: {} },
    ]);
    const other = await edit(bob, ada.username, EDIT);
    expect([other.status, other.body]).toEqual([
      403,
      { error: 'Only its owner can edit this profile.', code: 'forbidden', fieldErrors: {} },
    ]);
    const unknown = await edit(bob, 'nobody.by.that.name', EDIT);
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { error: 'This Cirrus does not exist.', code: 'not_found', fieldErrors: {} },
    ]);
    const unverified = await person(false);
    expect((await edit(bob, unverified.username, EDIT)).status).toBe(404);
    expect(await stored(ada)).toEqual(before);
    expect((await stored(unverified)).events).toBe(0);
  });
});
