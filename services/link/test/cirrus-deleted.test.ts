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
});
