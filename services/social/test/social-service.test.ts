import request from 'supertest';
import {
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusSignedInSchema,
  CirrusUnfollowedSchema,
  CirrusVerifiedSchema,
  decodePayload,
  timestampDate,
  unpackEnvelope,
} from '@vellum/proto';
import { eventually } from '@vellum/platform/test-support';
import { socialHarness, type SocialHarness } from './support/social-harness';

/** Social on its own (PGlite, in-process bus), fed identity's events directly. */
describe('social service', () => {
  // One database for the file (PGlite takes seconds to start): every test uses usernames of its own.
  let h: SocialHarness;
  beforeAll(async () => {
    h = await socialHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const search = (as: { id: string; username: string }, query: string, limit?: number) =>
    h
      .as(as)
      .get('/api/search')
      .query(limit === undefined ? { query } : { query, limit });

  describe('the directory, kept from identity.cirrus.v1', () => {
    it('lists a cirrus once verified, with its display name, and ignores events it does not need', async () => {
      const me = await h.cirrus('dir.viewer');
      const ann = await h.cirrus('verity.lee', { displayName: 'Verity Lee', verified: false });
      expect((await search(me, 'verity')).body).toEqual({ results: [] });
      expect((await request(h.app).get('/api/cirrus/verity.lee/followers')).status).toBe(404);

      await h.identityEvent(CirrusSignedInSchema, ann.id, { cirrusId: ann.id, username: ann.username });
      await h.identityEvent(CirrusVerifiedSchema, ann.id, { cirrusId: ann.id, username: ann.username });
      expect((await search(me, 'VERITY')).body).toEqual({
        results: [{ username: 'verity.lee', display_name: 'Verity Lee' }],
      });
      expect((await request(h.app).get('/api/cirrus/Verity.Lee/follow')).body).toEqual({
        following: false,
        followers: 0,
        followingCount: 0,
      });
    });

    it('takes a profile change (display name and image) into search and lists', async () => {
      const ann = await h.cirrus('profile.ann', { displayName: 'Ann Lee' });
      const bob = await h.cirrus('profile.bob');
      await h.as(bob).post('/api/cirrus/profile.ann/follow').expect(200);
      await h.profileChanged(ann, { displayName: 'Annabel Lee', image: 'https://img.example/ann.png' });
      expect((await search(bob, 'annabel')).body.results).toEqual([
        { username: 'profile.ann', display_name: 'Annabel Lee' },
      ]);
      const following = await request(h.app).get('/api/cirrus/profile.bob/following');
      expect(following.body.followings).toEqual([
        {
          i: ann.id,
          username: 'profile.ann',
          image: 'https://img.example/ann.png',
          display_name: 'Annabel Lee',
        },
      ]);
    });

    it('applies a redelivered event once (inbox)', async () => {
      const ann = await h.cirrus('redelivered.ann', { displayName: 'Ann Lee' });
      const id = await h.profileChanged(ann, { displayName: 'First Change', image: '' });
      await h.profileChanged(ann, { displayName: 'Second Change', image: '' });
      // The first event again, with its id: applying it would roll the name back.
      await h.identityEvent(
        CirrusProfileChangedSchema,
        ann.id,
        { cirrusId: ann.id, username: ann.username, displayName: 'First Change', image: '' },
        id,
      );
      const { rows } = await h.db.query<{ display_name: string }>(
        'SELECT display_name FROM social.cirri WHERE id = $1',
        [ann.id],
      );
      expect(rows[0]!.display_name).toBe('Second Change');
    });
  });

  describe('follow and unfollow', () => {
    it('publishes CirrusFollowed and CirrusUnfollowed once each, keyed by the followee', async () => {
      const ann = await h.cirrus('events.ann');
      const bob = await h.cirrus('events.bob');
      h.clock.now = new Date('2026-01-01T00:00:00Z');
      for (let i = 0; i < 2; i++) {
        await h.as(bob).post('/api/cirrus/events.ann/follow').expect(200);
      }
      h.clock.now = new Date('2026-01-02T00:00:00Z');
      for (let i = 0; i < 2; i++) {
        await h.as(bob).delete('/api/cirrus/events.ann/follow').expect(200);
      }
      const about = () => h.published.filter((m) => m.key === ann.id);
      await eventually(() => (about().length >= 2 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(about()).toHaveLength(2);
      const [followed, unfollowed] = about().map((m) => ({ key: m.key, envelope: unpackEnvelope(m.value) }));
      expect(followed!.key).toBe(ann.id);
      expect(unfollowed!.key).toBe(ann.id);
      expect(followed!.envelope.producer).toBe('social');
      const f = decodePayload(followed!.envelope, CirrusFollowedSchema);
      expect(f).toMatchObject({
        followerId: bob.id,
        followerUsername: 'events.bob',
        followeeId: ann.id,
        followeeUsername: 'events.ann',
      });
      expect(timestampDate(f.followedAt!)).toEqual(new Date('2026-01-01T00:00:00Z'));
      const u = decodePayload(unfollowed!.envelope, CirrusUnfollowedSchema);
      expect(u).toMatchObject({ followerId: bob.id, followeeId: ann.id });
      expect(timestampDate(u.unfollowedAt!)).toEqual(new Date('2026-01-02T00:00:00Z'));
    });

    it('writes nothing for a refused follow', async () => {
      const count = async (table: string) =>
        (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM social.${table}`)).rows[0]!.n;
      const before = { follows: await count('follows'), outbox: await count('outbox') };
      const bob = await h.cirrus('refused.bob');
      await h.as(bob).post('/api/cirrus/refused.bob/follow').expect(400);
      await h.as(bob).post('/api/cirrus/nobody/follow').expect(404);
      await request(h.app).post('/api/cirrus/refused.bob/follow').expect(401);
      expect({ follows: await count('follows'), outbox: await count('outbox') }).toEqual(before);
    });

    it('lists a caller whose identity events have not arrived yet', async () => {
      await h.cirrus('early.ann');
      const early = { id: '00000000-0000-4000-8000-000000000001', username: 'early.bird' };
      await h.as(early).post('/api/cirrus/early.ann/follow').expect(200);
      const followers = await request(h.app).get('/api/cirrus/early.ann/followers');
      expect(followers.body.followers).toEqual([
        { _doc: { i: early.id, username: 'early.bird' }, image: '', display_name: 'early.bird' },
      ]);
    });

    it('keeps the counts right when two cirri follow each other at once', async () => {
      const ann = await h.cirrus('mutual.ann');
      const bob = await h.cirrus('mutual.bob');
      await Promise.all([
        h.as(ann).post('/api/cirrus/mutual.bob/follow'),
        h.as(bob).post('/api/cirrus/mutual.ann/follow'),
      ]);
      for (const name of ['mutual.ann', 'mutual.bob']) {
        expect((await request(h.app).get(`/api/cirrus/${name}/follow`)).body).toEqual({
          following: false,
          followers: 1,
          followingCount: 1,
        });
      }
    });
  });

  describe('people search', () => {
    it('ranks an exact username, then username prefixes, then display-name prefixes, then substrings', async () => {
      const me = await h.cirrus('rank.viewer');
      await h.cirrus('xmarkus', { displayName: 'Zed Zed' }); // substring of the username
      await h.cirrus('zed.one', { displayName: 'Markus Ode' }); // display name prefix
      await h.cirrus('markus.longer', { displayName: 'Zed Zed' }); // username prefix, longer
      await h.cirrus('mark', { displayName: 'Zed Zed' }); // does not contain "markus"
      await h.cirrus('markus', { displayName: 'Zed Zed' }); // exact
      await h.cirrus('markus.b', { displayName: 'Zed Zed' }); // username prefix, shorter
      await h.cirrus('zed.two', { displayName: 'Ann Markusson' }); // substring of the display name
      await h.cirrus('markus.hidden', { verified: false });
      const { body } = await search(me, 'Markus');
      expect(body.results.map((r: { username: string }) => r.username)).toEqual([
        'markus',
        'markus.b',
        'markus.longer',
        'zed.one',
        'xmarkus',
        'zed.two',
      ]);
      // Substrings count from three characters on; shorter text finds prefixes only.
      expect((await search(me, 'kus')).body.results).toHaveLength(6);
      expect((await search(me, 'us')).body.results).toEqual([]);
    });

    it('answers at most `limit` people (default 10, at most 25)', async () => {
      const me = await h.cirrus('limit.viewer');
      for (let i = 0; i < 30; i++) await h.cirrus(`pat.${String(i).padStart(2, '0')}`);
      expect((await search(me, 'pat')).body.results).toHaveLength(10);
      expect((await search(me, 'pat', 25)).body.results).toHaveLength(25);
      expect((await search(me, 'at.', 3)).body.results).toHaveLength(3);
      const tooMany = await search(me, 'pat', 26);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error).toBe('The limit must be a whole number from 1 to 25.');
    });

    it('treats % and _ as text, needs a signed-in caller and refuses a long query', async () => {
      const me = await h.cirrus('literal.viewer');
      await h.cirrus('a_b');
      await h.cirrus('axb');
      expect((await search(me, 'a_b')).body.results.map((r: { username: string }) => r.username)).toEqual([
        'a_b',
      ]);
      expect((await search(me, '%')).body.results).toEqual([]);
      expect((await search(me, '   ')).body).toEqual({ results: [] });
      const anonymous = await request(h.app).get('/api/search?query=a');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe('Sign in to search for Cirri.');
      const long = await search(me, 'x'.repeat(65));
      expect(long.status).toBe(400);
      expect(long.body.error).toBe('Search for at most 64 characters.');
    });
  });
});
