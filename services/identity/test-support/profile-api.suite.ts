import { randomBytes } from 'node:crypto';
import { profileMessages, type ActionsResponse, type ProfileForm, type VellumListItem } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import {
  eventually,
  TestClient,
  signedIn,
  type SignedIn as Person,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

const SLOW = 60_000;

interface Viewed {
  viewedCirrus: Record<string, unknown>;
}

/**
 * Profile editing through the gateway (identity's PUT /api/cirrus/{username}/profile), and the new profile reaching
 * every service that shows a name: the vellum lists (vellum), search and the following list (social), the requested
 * actions (action), each learning it from identity's CirrusProfileChanged. Runs against the embedded product and
 * against gateway + identity + vellum + social + action as separate processes on the real servers.
 */
export function profileApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  let ann: Person;
  let bob: Person;
  let visitor: TestClient;

  const profilePath = (p: Person) => `/api/cirrus/${p.username}/profile`;
  const profileOf = (who: Person, change: Partial<ProfileForm> = {}): ProfileForm => ({
    displayName: who.displayName,
    firstName: who.account.first_name,
    lastName: who.account.last_name,
    location: '',
    summary: '',
    image: '',
    imageBackground: '',
    ...change,
  });

  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedIn(baseUrl(), 'Ann'), signedIn(baseUrl(), 'Bob')]);
    visitor = new TestClient(baseUrl());
  }, SLOW);

  it('lets the owner alone edit the profile: 401 for a visitor, 403 for another cirrus, 404 for nobody', async () => {
    const change = profileOf(ann, { location: 'Lisbon, Portugal' });
    const refused = [
      [await visitor.put(profilePath(ann), change), 401, profileMessages.signIn],
      [await bob.client.put(profilePath(ann), change), 403, profileMessages.ownerOnly],
      [
        await bob.client.put('/api/cirrus/nobody-by-that-name/profile', change),
        404,
        'This Cirrus does not exist.',
      ],
    ] as const;
    for (const [res, status, error] of refused) expect([res.status, res.body.error]).toEqual([status, error]);
    expect((await visitor.get<Viewed>(`/api/cirrus/${ann.username}`)).body.viewedCirrus.location).toBe('');

    const saved = await ann.client.put<Viewed>(profilePath(ann), change);
    expect(saved.status).toBe(200);
    expect(saved.body.viewedCirrus).toMatchObject({ username: ann.username, location: 'Lisbon, Portugal' });
    expect((await ann.client.get<Viewed>(`/api/cirrus/${ann.username}`)).body).toEqual(saved.body);
  });

  it('answers a refused profile with a message under each field, and changes nothing', async () => {
    const res = await ann.client.put(
      profilePath(ann),
      profileOf(ann, { displayName: 'Ann_', firstName: 'Ann 2', image: 'http://example.com/a.png' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: profileMessages.displayNamePattern,
      code: 'invalid',
      fieldErrors: {
        displayName: profileMessages.displayNamePattern,
        firstName: 'First name must consist of letters, apostrophes, or dashes.',
        image: profileMessages.imageUrl,
      },
    });
    const viewed = (await visitor.get<Viewed>(`/api/cirrus/${ann.username}`)).body.viewedCirrus;
    expect(viewed).toMatchObject({
      displayName: ann.displayName,
      firstName: ann.account.first_name,
      image: '',
    });
  });

  it(
    'shows the new display name in the vellum lists, search, the following list and the requested actions',
    async () => {
      // Bob follows Ann (so Ann may send him an action request), Ann writes a vellum and sends Bob a request.
      await eventually(async () => {
        const res = await bob.client.post(`/api/cirrus/${ann.username}/follow`);
        return res.status === 200 || undefined;
      }, SLOW);
      const created = await ann.client.post('/api/vellum-new', {
        title: 'Before the rename',
        text: JSON.stringify(doc(p(text('Written under the old name.')))),
      });
      expect(created.status).toBe(201);
      await eventually(async () => {
        const res = await ann.client.post('/api/action/request', { forCirrusI: bob.id, text: 'Read this' });
        return res.status === 201 || undefined;
      }, SLOW);

      const renamed = `Ann Renamed ${randomBytes(4).toString('hex')}`;
      const image = 'https://images.example.com/ann.png';
      const saved = await ann.client.put<Viewed>(
        profilePath(ann),
        profileOf(ann, { displayName: renamed, image }),
      );
      expect(saved.status).toBe(200);

      // vellum: the author of every vellum in Ann's list.
      const authors = await eventually(async () => {
        const res = await ann.client.get<{ vellums: VellumListItem[] }>(
          `/api/cirrus/${ann.username}/vellums`,
        );
        const names = res.body.vellums.map((v) => v.owned_by_cirrus.display_name);
        return names.length > 0 && names.every((name) => name === renamed) && names;
      }, SLOW);
      expect(authors).toHaveLength(1);

      // social: search finds Ann by the new name, and Bob's following list shows it with the image.
      const found = await eventually(async () => {
        const res = await bob.client.get<{ results: Array<{ username: string; display_name: string }> }>(
          `/api/search?query=${encodeURIComponent(renamed)}`,
        );
        return res.body.results?.find((r) => r.username === ann.username && r.display_name === renamed);
      }, SLOW);
      expect(found).toEqual({ username: ann.username, display_name: renamed });
      const following = await eventually(async () => {
        const res = await bob.client.get<{ followings: Array<Record<string, unknown>> }>(
          `/api/cirrus/${bob.username}/following`,
        );
        return res.body.followings?.find((f) => f.username === ann.username && f.display_name === renamed);
      }, SLOW);
      expect(following).toMatchObject({ display_name: renamed, image });

      // action: Bob's requested actions name Ann by the new name.
      const requester = await eventually(async () => {
        const res = await bob.client.get<ActionsResponse>(`/api/cirrus/${bob.username}/actions`);
        const from = res.body.actionsRequested?.[0]?.cirrus_id;
        return from?.display_name === renamed && from;
      }, SLOW);
      expect(requester).toEqual({ i: ann.id, username: ann.username, display_name: renamed });
    },
    4 * SLOW,
  );
}
