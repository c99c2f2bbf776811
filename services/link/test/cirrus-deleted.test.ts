import { linkHarness, type LinkHarness } from './support/link-harness';

describe('CirrusDeleted in the link service (Postgres adapter)', () => {
  let h: LinkHarness;
  beforeAll(async () => {
    h = await linkHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('removes the page, its links and clicks; the page and redirect are Not Found; applied once', async () => {
    const [ann, bob] = [await h.person('Ann'), await h.person('Bob')];
    const added = await h
      .as(ann)
      .post(`/api/link/${ann.username}`, { linkLabel: 'Home', linkURL: 'https://example.com/ann' })
      .expect(201);
    const linkId = String(added.body.link._id);
    await h.as(bob).get(`/api/link/go/${linkId}`).expect(302);

    const id = await h.deleteCirrus(ann);
    await h.deleteCirrus(ann, id);
    await h.profileChanged(bob, { displayName: 'Bob Barrier' });

    await h.as(bob).get(`/api/link/${ann.username}`).expect(404);
    await h.as(bob).get(`/api/link/go/${linkId}`).expect(404);
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM link.pages WHERE owner_id = $1)
            + (SELECT count(*) FROM link.clicks WHERE owner_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    await h.as(bob).get(`/api/link/${bob.username}`).expect(200);
  });

  it('refuses every write and the clicks of a deleted caller whose assertion is still valid as 404, writing nothing', async () => {
    const ann = await h.person('Ann');
    await h.deleteCirrus(ann);
    // A late profile change on identity's topic brings no page back either.
    await h.profileChanged(ann, { displayName: 'Ann Again' });
    const answers = [
      await h
        .as(ann)
        .post(`/api/link/${ann.username}`, { linkLabel: 'Back', linkURL: 'https://example.com/b' }),
      await h.as(ann).post('/api/link/set-background-color', { backgroundColor: '#000000' }),
      await h.as(ann).put('/api/link/position', { linksToReorder: [] }),
      await h.as(ann).get(`/api/link/${ann.username}/clicks`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errorMessage: 'This Vielink does not exist.' });
    }
    const { rows } = await h.db.query('SELECT 1 FROM link.pages WHERE owner_id = $1', [ann.id]);
    expect(rows).toEqual([]);
  });
});
