import { socialHarness, type SocialHarness } from './support/social-harness';

describe('CirrusDeleted in the social service', () => {
  let h: SocialHarness;
  beforeAll(async () => {
    h = await socialHarness();
  });
  afterAll(() => h.close());

  const countsOf = async (id: string) =>
    (
      await h.db.query<{ followers: number; following: number }>(
        'SELECT followers, following FROM social.cirri WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('removes the directory entry and follows both ways, moves the others’ counts back, once', async () => {
    const ann = await h.cirrus('gone.ann');
    const bob = await h.cirrus('gone.bob');
    const cy = await h.cirrus('gone.cy');
    await h.as(ann).post(`/api/cirrus/${bob.username}/follow`).expect(200);
    await h.as(bob).post(`/api/cirrus/${ann.username}/follow`).expect(200);
    await h.as(cy).post(`/api/cirrus/${bob.username}/follow`).expect(200);
    expect(await countsOf(bob.id)).toEqual({ followers: 2, following: 1 });

    const id = await h.deleteCirrus(ann);
    await h.deleteCirrus(ann, id);
    await h.profileChanged(bob, { displayName: 'Bob Barrier', image: '' });

    expect(await countsOf(ann.id)).toBeUndefined();
    expect(await countsOf(bob.id)).toEqual({ followers: 1, following: 0 });
    const { rows } = await h.db.query(
      'SELECT 1 FROM social.follows WHERE follower_id = $1 OR followee_id = $1',
      [ann.id],
    );
    expect(rows).toEqual([]);
    expect((await h.as(bob).get(`/api/cirrus/${ann.username}/followers`)).status).toBe(404);
    const followers = await h.as(bob).get(`/api/cirrus/${bob.username}/followers`).expect(200);
    expect(JSON.stringify(followers.body)).not.toContain(ann.username);
    const search = await h.as(bob).get('/api/search').query({ query: 'gone.' }).expect(200);
    expect(JSON.stringify(search.body)).not.toContain(ann.username);
    expect(JSON.stringify(search.body)).toContain(cy.username);
  });
});
