import { CirrusVerifiedSchema } from '@vellum/proto';
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

  it('keeps a tombstone: a late profile change or verification brings nothing of the deleted cirrus back', async () => {
    const ann = await h.cirrus('late.ann');
    const bob = await h.cirrus('late.bob');
    await h.deleteCirrus(ann);
    await h.profileChanged(ann, { displayName: 'Ann Again', image: '' });
    await h.identityEvent(CirrusVerifiedSchema, ann.id, { cirrusId: ann.id, username: ann.username });
    expect(await countsOf(ann.id)).toBeUndefined();
    expect((await h.as(bob).get(`/api/cirrus/${ann.username}`)).status).toBe(404);
    const { rows } = await h.db.query('SELECT id FROM social.deleted_cirri WHERE id = $1', [ann.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a follow or unfollow by a deleted caller as 404, listing nothing of them again', async () => {
    const ann = await h.cirrus('caller.ann');
    const bob = await h.cirrus('caller.bob');
    await h.deleteCirrus(ann);
    // Ann's assertion is still valid: the gateway let the request through before her sessions ended.
    const path = `/api/cirrus/${bob.username}/follow`;
    for (const res of [await h.as(ann).post(path), await h.as(ann).delete(path)]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).toContain('This Cirrus does not exist.');
    }
    expect(await countsOf(ann.id)).toBeUndefined();
    expect(await countsOf(bob.id)).toEqual({ followers: 0, following: 0 });
  });
});
