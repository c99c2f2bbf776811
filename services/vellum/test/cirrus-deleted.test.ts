import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type VellumHarness } from './support/service-harness';

const body = (words: string) => JSON.stringify(doc(p(text(words))));

describe('CirrusDeleted in the vellum service', () => {
  let h: VellumHarness;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());

  /** What vellum keeps of `id`: its vellums, the ratings it gave, its follows both ways, its author row. */
  const heldOf = async (id: string) =>
    (
      await h.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM vellum.vellums WHERE owner_id = $1)
              + (SELECT count(*) FROM vellum.ratings WHERE rater_id = $1)
              + (SELECT count(*) FROM vellum.follows WHERE follower_id = $1 OR followee_id = $1)
              + (SELECT count(*) FROM vellum.authors WHERE id = $1) AS n`,
        [id],
      )
    ).rows[0]!.n;

  it('removes their vellums, the scores they gave and received, follows and author row, once', async () => {
    const [ada, bob] = [person('ada'), person('bob')];
    await h.signedUp(ada, 'Ada Lovelace');
    await h.signedUp(bob, 'Bob Babbage');
    const mine = (await h.as(ada).post('/api/vellum-new', { title: 'Ada’s', text: body('a') })).body
      .savedVellum.i;
    const theirs = (await h.as(bob).post('/api/vellum-new', { title: 'Bob’s', text: body('b') })).body
      .savedVellum.i;
    await h.as(ada).put(`/api/vellum/publish/${mine}`).expect(200);
    await h.as(bob).put(`/api/vellum/publish/${theirs}`).expect(200);
    await h.as(bob).put(`/api/vellum/${mine}/score/excellent`).expect(200);
    await h.as(ada).put(`/api/vellum/${theirs}/score/good`).expect(200);
    await h.followed(ada, bob);
    await h.followed(bob, ada);
    expect(Number(await heldOf(ada.id))).toBeGreaterThanOrEqual(5);

    const id = await h.deleteCirrus(ada);
    expect(Number(await heldOf(ada.id))).toBe(0);
    const { rows } = await h.db.query<{ rating_count: number; rating_sum: number }>(
      'SELECT rating_count, rating_sum FROM vellum.vellums WHERE id = $1',
      [theirs],
    );
    expect(rows).toEqual([{ rating_count: 0, rating_sum: 0 }]);
    expect((await h.as(bob).get(`/api/vellum/${mine}`)).body.vellum).toBeNull();
    expect((await h.as(bob).get(`/api/vellum/${theirs}`)).body.vellum).not.toBeNull();

    // The same event again changes nothing more.
    await h.deleteCirrus(ada, id);
    await h.renamed(bob, 'Bob Barrier');
    expect(Number(await heldOf(ada.id))).toBe(0);
  });

  it('keeps a tombstone: late or replayed events naming the deleted cirrus re-create nothing', async () => {
    const [ada, bob] = [person('ada'), person('bob')];
    await h.signedUp(ada, 'Ada Lovelace');
    await h.signedUp(bob, 'Bob Babbage');
    await h.deleteCirrus(ada);
    // A follow on social's topic and a rename on identity's arrive after the deletion; a sign-up is replayed.
    await h.followed(bob, ada);
    await h.followed(ada, bob);
    await h.renamed(ada, 'Ada Again');
    await h.signedUp(ada, 'Ada Lovelace');
    expect(Number(await heldOf(ada.id))).toBe(0);
    const { rows } = await h.db.query('SELECT id FROM vellum.deleted_cirri WHERE id = $1', [ada.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a write by a deleted caller whose assertion is still valid as 404, writing nothing', async () => {
    const [ada, bob] = [person('ada'), person('bob')];
    await h.signedUp(ada, 'Ada Lovelace');
    await h.signedUp(bob, 'Bob Babbage');
    const theirs = (await h.as(bob).post('/api/vellum-new', { title: 'Bob’s', text: body('b') })).body
      .savedVellum.i;
    await h.as(bob).put(`/api/vellum/publish/${theirs}`).expect(200);
    await h.deleteCirrus(ada);

    const created = await h.as(ada).post('/api/vellum-new', { title: 'Back', text: body('c') });
    expect(created.status).toBe(404);
    expect(created.body.error).toBe('This Vellum does not exist.');
    expect((await h.as(ada).put(`/api/vellum/${theirs}/score/good`)).status).toBe(404);
    expect(Number(await heldOf(ada.id))).toBe(0);
  });
});
