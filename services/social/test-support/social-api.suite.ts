import { randomBytes } from 'node:crypto';
import {
  eventually,
  TestClient,
  newAccount,
  signIn,
  verifiedAccount,
  type Account,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

/** Lower-case letters only, so the tag can sit in a first name (letters only) as well as in a username. */
function letters(n: number): string {
  return Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

interface Person {
  account: Account;
  client: TestClient;
  /** The cirrus id identity gave it (viewedCirrus.i). */
  i: string;
  displayName: string;
}

/**
 * Every social call through the gateway, as the shell makes them, with accounts made through identity: so the
 * directory is the one social keeps from identity's events. Runs against the embedded product and against
 * gateway + identity + social as separate processes on the real servers (where other runs' cirri exist too:
 * every name here carries a fresh tag).
 */
export function socialApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  const tag = letters(8);
  const people: Record<'ann' | 'bob' | 'cat', Person> = {} as never;
  let hidden: Account;
  const visitor = () => new TestClient(baseUrl());
  const u = (who: keyof typeof people) => people[who].account.username;
  const path = (who: keyof typeof people, tail: string) =>
    `/api/cirrus/${encodeURIComponent(u(who))}/${tail}`;
  const del = (client: TestClient, url: string) => client.request('DELETE', url);

  beforeAll(async () => {
    const accounts = {
      // Username starts with the tag.
      ann: newAccount({ username: `${tag}.ann`, first_name: 'Ann', last_name: 'Lee' }),
      // Username contains the tag.
      bob: newAccount({ username: `bob.${tag}`, first_name: 'Bob', last_name: 'Stone' }),
      // Display name starts with the tag.
      cat: newAccount({
        username: `cat.${letters(6)}`,
        first_name: `${tag[0]!.toUpperCase()}${tag.slice(1)}`,
        last_name: 'Jones',
      }),
    };
    for (const [who, overrides] of Object.entries(accounts) as Array<[keyof typeof people, Account]>) {
      const account = await verifiedAccount(baseUrl(), overrides);
      const client = await signIn(baseUrl(), account);
      const profile = await client.get<{ viewedCirrus: { i: string; displayName: string } }>(
        `/api/cirrus/${account.username}`,
      );
      people[who] = {
        account,
        client,
        i: profile.body.viewedCirrus.i,
        displayName: profile.body.viewedCirrus.displayName,
      };
    }
    hidden = newAccount({ username: `${tag}.hidden` });
    expect((await visitor().post('/api/cirrus/create', hidden)).status).toBe(201);
    // The directory follows identity's events: wait until all three are searchable.
    await eventually(async () => {
      const res = await people.ann.client.get<{ results: unknown[] }>(`/api/search?query=${tag}`);
      return res.body.results?.length === 3 || undefined;
    }, 30_000);
  }, 120_000);

  describe('follow and unfollow', () => {
    it('refuses a visitor, yourself, an unknown and an unverified cirrus with a message', async () => {
      const cases: Array<[TestClient, string, number, string]> = [
        [visitor(), path('ann', 'follow'), 401, 'Sign in to follow a Cirrus.'],
        [people.bob.client, path('bob', 'follow'), 400, 'You cannot follow yourself.'],
        [people.bob.client, `/api/cirrus/nobody.${tag}/follow`, 404, 'This Cirrus does not exist.'],
        [people.bob.client, `/api/cirrus/${hidden.username}/follow`, 404, 'This Cirrus does not exist.'],
      ];
      for (const [client, url, status, error] of cases) {
        const res = await client.post(url);
        expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status, error });
      }
      expect((await del(visitor(), path('ann', 'follow'))).status).toBe(401);
      expect((await del(people.bob.client, path('bob', 'follow'))).body.error).toBe(
        'You cannot unfollow yourself.',
      );
      expect((await visitor().get(path('ann', 'follow'))).body).toEqual({
        following: false,
        followers: 0,
        followingCount: 0,
      });
    });

    it('follows once however often asked, and tells the caller and visitors the counts', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await people.bob.client.post(path('ann', 'follow'));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ following: true, followers: 1, followingCount: 0 });
      }
      expect((await people.bob.client.get(path('ann', 'follow'))).body).toEqual({
        following: true,
        followers: 1,
        followingCount: 0,
      });
      expect((await visitor().get(path('ann', 'follow'))).body.following).toBe(false);
      expect((await people.ann.client.get(path('bob', 'follow'))).body).toEqual({
        following: false,
        followers: 0,
        followingCount: 1,
      });
      // The profile itself is still identity's.
      expect(
        (await visitor().get<{ viewedCirrus: { username: string } }>(`/api/cirrus/${u('ann')}`)).body
          .viewedCirrus.username,
      ).toBe(u('ann'));
    });

    it('lists followers and following with the spec shapes, newest first, a page at a time', async () => {
      await people.cat.client.post(path('ann', 'follow'));
      await people.cat.client.post(path('bob', 'follow'));
      const followers = await visitor().get(path('ann', 'followers'));
      expect(followers.status).toBe(200);
      expect(followers.body).toEqual({
        followers: [
          { _doc: { i: people.cat.i, username: u('cat') }, image: '', display_name: people.cat.displayName },
          { _doc: { i: people.bob.i, username: u('bob') }, image: '', display_name: 'Bob Stone' },
        ],
        nextCursor: null,
      });
      const following = await visitor().get(path('cat', 'following'));
      expect(following.body).toEqual({
        followings: [
          { i: people.bob.i, username: u('bob'), image: '', display_name: 'Bob Stone' },
          { i: people.ann.i, username: u('ann'), image: '', display_name: 'Ann Lee' },
        ],
        nextCursor: null,
      });

      const first = await visitor().get<{
        followers: Array<{ _doc: { username: string } }>;
        nextCursor: string;
      }>(`${path('ann', 'followers')}?limit=1`);
      expect(first.body.followers.map((f) => f._doc.username)).toEqual([u('cat')]);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await visitor().get<{
        followers: Array<{ _doc: { username: string } }>;
        nextCursor: null;
      }>(`${path('ann', 'followers')}?limit=1&cursor=${first.body.nextCursor}`);
      expect(second.body.followers.map((f) => f._doc.username)).toEqual([u('bob')]);
      expect(second.body.nextCursor).toBeNull();
    });

    it('refuses a bad page or an unknown cirrus with a message', async () => {
      const bad = await visitor().get(`${path('ann', 'followers')}?limit=0`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('The limit must be a whole number from 1 to 500.');
      // A cursor is opaque: an edge's number alone is not one.
      for (const text of ['abc', '7', '']) {
        const cursor = await visitor().get(`${path('ann', 'following')}?cursor=${text}`);
        expect(cursor.status).toBe(400);
        expect(cursor.body.error).toBe(
          'That page of the list does not exist; start again from the first page.',
        );
      }
      for (const tail of ['followers', 'following', 'follow']) {
        const res = await visitor().get(`/api/cirrus/nobody.${tag}/${tail}`);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('This Cirrus does not exist.');
      }
    });

    it('unfollows once however often asked', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await del(people.bob.client, path('ann', 'follow'));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ following: false, followers: 1, followingCount: 0 });
      }
      const followers = await visitor().get<{ followers: Array<{ _doc: { username: string } }> }>(
        path('ann', 'followers'),
      );
      expect(followers.body.followers.map((f) => f._doc.username)).toEqual([u('cat')]);
      expect((await visitor().get(path('bob', 'following'))).body).toEqual({
        followings: [],
        nextCursor: null,
      });
    });
  });

  describe('two cirri following each other at the same moment', () => {
    it('neither waits for the other, and both counts stay right', async () => {
      const both = (method: 'POST' | 'DELETE') =>
        Promise.all([
          people.ann.client.request(method, path('bob', 'follow')),
          people.bob.client.request(method, path('ann', 'follow')),
        ]);
      for (let round = 0; round < 3; round++) {
        expect((await both('POST')).map((r) => r.status)).toEqual([200, 200]);
        expect((await both('DELETE')).map((r) => r.status)).toEqual([200, 200]);
      }
      await both('POST');
      for (const who of ['ann', 'bob'] as const) {
        expect((await visitor().get(path(who, 'follow'))).body).toEqual({
          following: false,
          followers: 2,
          followingCount: 1,
        });
      }
    });
  });

  describe('search', () => {
    it('finds username prefixes, then display-name prefixes, then substrings; verified cirri only', async () => {
      const res = await people.cat.client.get(`/api/search?query=${tag.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        results: [
          { username: u('ann'), display_name: 'Ann Lee' },
          { username: u('cat'), display_name: people.cat.displayName },
          { username: u('bob'), display_name: 'Bob Stone' },
        ],
      });
      const limited = await people.cat.client.get(`/api/search?query=${tag}&limit=1`);
      expect(limited.body).toEqual({ results: [{ username: u('ann'), display_name: 'Ann Lee' }] });
    });

    it('is for signed-in cirri only', async () => {
      const res = await visitor().get(`/api/search?query=${tag}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Sign in to search for Cirri.');
    });
  });
}
