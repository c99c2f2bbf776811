import { FOLLOWED_VELLUMS_MAX, vellumMessages, type VellumListItem } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type Person, type VellumHarness } from './support/service-harness';

const body = (words: string) => JSON.stringify(doc(p(text(words))));

describe('GET /api/vellums/following: the newest public vellums of the cirri I follow', () => {
  let h: VellumHarness;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());

  /** A vellum of `who` written at `at`, public unless told otherwise. */
  const write = async (who: Person, title: string, at: string, isPublic = true) => {
    h.clock.now = new Date(at);
    const created = await h.as(who).post('/api/vellum-new', { title, text: body(title) });
    const id = created.body.savedVellum.i as string;
    if (isPublic) await h.as(who).put(`/api/vellum/publish/${id}`);
    return id;
  };
  const feed = async (who: Person, query = '') => {
    const res = await h.as(who).get(`/api/vellums/following${query}`);
    expect(res.status).toBe(200);
    return (res.body.vellums as VellumListItem[]).map((v) => v.title);
  };

  it('lists only public vellums of followed cirri, newest edited first, and follows unfollows', async () => {
    const [ada, bob, cat, dan] = [person('ada'), person('bob'), person('cat'), person('dan')];
    await h.signedUp(bob, 'Bob Builder');
    await write(bob, 'Bob old', '2026-02-01T00:00:00Z');
    await write(bob, 'Bob private', '2026-02-05T00:00:00Z', false);
    await write(cat, 'Cat new', '2026-02-03T00:00:00Z');
    await write(dan, 'Dan unfollowed', '2026-02-04T00:00:00Z');
    await write(ada, 'Ada own', '2026-02-06T00:00:00Z');
    expect(await feed(ada)).toEqual([]);

    await h.followed(ada, bob);
    await h.followed(ada, cat);
    await h.followed(dan, ada);
    expect(await feed(ada)).toEqual(['Cat new', 'Bob old']);
    expect(await feed(ada, '?limit=1')).toEqual(['Cat new']);
    // Dan follows Ada: Dan sees Ada's public vellum, Ada's list does not change.
    expect(await feed(dan)).toEqual(['Ada own']);

    const row = (await h.as(ada).get('/api/vellums/following')).body.vellums[1] as VellumListItem;
    expect(row).toEqual({
      i: expect.any(String),
      title: 'Bob old',
      last_edited: '2026-02-01T00:00:00.000Z',
      is_new: true,
      is_public: true,
      cirrus_i: bob.id,
      owned_by_cirrus: { i: bob.id, username: bob.username, display_name: 'Bob Builder' },
    });
    expect(row).not.toHaveProperty('text');

    await h.unfollowed(ada, cat);
    expect(await feed(ada)).toEqual(['Bob old']);
  });

  it('applies a follow event once: replayed after an unfollow, it does not follow again', async () => {
    const [ada, bob, cat] = [person('ada'), person('bob'), person('cat')];
    await write(bob, 'Replayed', '2026-03-01T00:00:00Z');
    const eventId = await h.followed(ada, bob);
    await h.unfollowed(ada, bob);
    await h.followed(ada, bob, eventId);
    // Another event with the same key comes after the replay on its partition: once it is applied, so was the replay.
    await h.unfollowed(cat, bob);
    expect(await feed(ada)).toEqual([]);
  });

  it('a vellum made private leaves the list at once', async () => {
    const [ada, bob] = [person('ada'), person('bob')];
    const id = await write(bob, 'Soon private', '2026-04-01T00:00:00Z');
    await h.followed(ada, bob);
    expect(await feed(ada)).toEqual(['Soon private']);
    await h.as(bob).put(`/api/vellum/private/${id}`);
    expect(await feed(ada)).toEqual([]);
  });

  it('refuses a visitor with 401 and a bad limit with 400, saying why', async () => {
    const visitor = await h.as(undefined).get('/api/vellums/following');
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe(vellumMessages.signInToFollowVellums);
    for (const limit of ['0', String(FOLLOWED_VELLUMS_MAX + 1), 'ten', '1.5', '-1', '']) {
      const res = await h.as(person()).get(`/api/vellums/following?limit=${encodeURIComponent(limit)}`);
      expect({ limit, status: res.status, error: res.body.error }).toEqual({
        limit,
        status: 400,
        error: 'The limit must be a whole number from 1 to 50.',
      });
    }
    const twice = await h.as(person()).get('/api/vellums/following?limit=2&limit=3');
    expect(twice.status).toBe(400);
  });
});
