import { actionMessages, type ActionsResponse, type ActionView } from '@vellum/proto';
import {
  eventually,
  TestClient,
  signedIn,
  type SignedIn as Person,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

const SLOW = 60_000;
/** The display name, or the username while the action service has only heard of the cirrus from social. */
const nameOf = (p: Person) => new RegExp(`^(${escape(p.displayName)}|${escape(p.username)})$`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every action call through the gateway, as the browser makes them, with accounts made through identity and
 * follows made through social: the action service learns both from their events. The owner, another signed-in
 * person (a follower or not) and a visitor. Runs against the embedded product and against gateway + identity +
 * social + action as separate processes on the real servers.
 */
export function actionApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let visitor: TestClient;
  const actionsPath = (p: Person) => `/api/cirrus/${p.username}/actions`;
  const snippetPath = (p: Person) => `/api/cirrus/${p.username}/actions-snippet`;
  const create = async (p: Person, text: string, priority?: string) => {
    const res = await p.client.post<{ action: ActionView }>('/api/action', { text, priority });
    if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.action;
  };
  const actionsOf = async (p: Person) => (await p.client.get<ActionsResponse>(actionsPath(p))).body;
  const snippetOf = async (p: Person) => (await p.client.get(snippetPath(p))).body;
  const follow = (who: Person, whom: Person, method: 'POST' | 'DELETE') =>
    eventually(async () => {
      // Social learns of new cirri from identity's events: retry until it knows the one followed.
      const res = await who.client.request(method, `/api/cirrus/${whom.username}/follow`);
      return res.status === 200 || undefined;
    }, SLOW);
  const outstandingOf = async (p: Person) =>
    (await visitor.get<{ viewedCirrus: { outstandingActions: number } }>(`/api/cirrus/${p.username}`)).body
      .viewedCirrus.outstandingActions;

  beforeAll(async () => {
    [ann, bob, cat] = await Promise.all([
      signedIn(baseUrl(), 'Ann'),
      signedIn(baseUrl(), 'Bob'),
      signedIn(baseUrl(), 'Cat'),
    ]);
    visitor = new TestClient(baseUrl());
    await follow(bob, ann, 'POST');
  }, 180_000);

  it('refuses a visitor every call', async () => {
    const calls: Array<() => Promise<{ status: number; body: Record<string, unknown> }>> = [
      () => visitor.post('/api/action', { text: 'x' }),
      () => visitor.put('/api/action/00000000-0000-4000-8000-000000000000/complete'),
      () => visitor.put('/api/action/00000000-0000-4000-8000-000000000000/abandon'),
      () => visitor.post('/api/action/request', { forCirrusI: bob.id, text: 'x' }),
      () => visitor.get(actionsPath(ann)),
      () => visitor.get(snippetPath(ann)),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.body.error]).toEqual([401, actionMessages.signIn]);
    }
  });

  it('keeps the owner’s actions grouped by priority, for the owner alone', async () => {
    expect(await actionsOf(ann)).toEqual({
      actionsHigh: [],
      actionsMedium: [],
      actionsLow: [],
      actionsRequested: [],
      outstandingActions: 0,
    });
    expect(await snippetOf(ann)).toEqual({ highestPriority: null, totalActions: 0 });
    const high = await create(ann, 'Call the printer', 'High');
    const medium = await create(ann, '  Buy paper  ');
    const low = await create(ann, 'Sort the shelf', 'Low');
    expect(medium).toEqual({
      i: expect.any(String),
      text: 'Buy paper',
      priority: 'Medium',
      created_at: expect.any(String),
    });
    expect(await actionsOf(ann)).toEqual({
      actionsHigh: [high],
      actionsMedium: [medium],
      actionsLow: [low],
      actionsRequested: [],
      outstandingActions: 0,
    });
    expect(await snippetOf(ann)).toEqual({ highestPriority: 'High', totalActions: 3 });
    for (const path of [actionsPath(ann), snippetPath(ann)]) {
      const res = await cat.client.get(path);
      expect([res.status, res.body.error]).toEqual([403, actionMessages.ownerOnly]);
    }
    // Someone else's action is a missing one.
    const res = await cat.client.put(`/api/action/${high.i}/complete`);
    expect([res.status, res.body.error]).toEqual([404, actionMessages.notFound]);
  });

  it('refuses bad input with the spec messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ text: 'x'.repeat(181) }, 'Action must have at most 180 characters.'],
      [{ text: '\t' }, actionMessages.textOnlyTabs],
      [{ text: '' }, actionMessages.textRequired],
      [{ text: 'x', priority: 'Urgent' }, actionMessages.priorityInvalid],
    ];
    for (const [body, error] of cases) {
      const res = await ann.client.post('/api/action', body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
  });

  it('completes and abandons; a second time is harmless; the list and the badge follow', async () => {
    const before = (await snippetOf(ann)).totalActions as number;
    const done = await create(ann, 'Finish the draft', 'High');
    const dropped = await create(ann, 'Learn the tuba', 'Low');
    for (let i = 0; i < 2; i++) {
      const res = await ann.client.put(`/api/action/${done.i}/complete`);
      expect([res.status, res.body.action]).toEqual([200, { ...done, state: 'completed' }]);
      const res2 = await ann.client.put(`/api/action/${dropped.i}/abandon`);
      expect([res2.status, res2.body.action]).toEqual([200, { ...dropped, state: 'abandoned' }]);
    }
    const open = await actionsOf(ann);
    const ids = [...open.actionsHigh, ...open.actionsMedium, ...open.actionsLow].map((a) => a.i);
    expect(ids).not.toContain(done.i);
    expect(ids).not.toContain(dropped.i);
    expect((await snippetOf(ann)).totalActions).toBe(before);
  });

  describe('action requests', () => {
    it('go only to a follower of the sender', async () => {
      const cases: Array<[Person, string, number, string]> = [
        [ann, cat.id, 403, actionMessages.followersOnly],
        [ann, ann.id, 400, actionMessages.notYourself],
        // bob follows ann, not the other way round.
        [bob, ann.id, 403, actionMessages.followersOnly],
      ];
      for (const [from, to, status, error] of cases) {
        const res = await from.client.post('/api/action/request', { forCirrusI: to, text: 'Please' });
        expect({ to, status: res.status, error: res.body.error }).toEqual({ to, status, error });
      }
    });

    it(
      "land in the follower's requested actions and count as outstanding until done",
      async () => {
        // The follow reaches the action service through social's events.
        const sent = await eventually(async () => {
          const res = await ann.client.post('/api/action/request', {
            forCirrusI: bob.id,
            text: 'Review chapter two',
            priority: 'High',
          });
          return res.status === 201 ? res.body : undefined;
        }, SLOW);
        expect(sent).toEqual({
          action: {
            i: expect.any(String),
            text: 'Review chapter two',
            priority: 'High',
            created_at: expect.any(String),
          },
          // Until identity's CirrusCreated reaches the action service (a fresh consumer group on Kafka reads the
          // whole topic first), a name is the username.
          sentTo: { i: bob.id, username: bob.username, display_name: expect.stringMatching(nameOf(bob)) },
        });
        const action = sent.action as ActionView;
        await eventually(async () => {
          const requester = (await actionsOf(bob)).actionsRequested[0]?.cirrus_id;
          return requester?.display_name === ann.displayName || undefined;
        }, SLOW);
        expect(await actionsOf(bob)).toEqual({
          actionsHigh: [],
          actionsMedium: [],
          actionsLow: [],
          actionsRequested: [
            { ...action, cirrus_id: { i: ann.id, username: ann.username, display_name: ann.displayName } },
          ],
          outstandingActions: 1,
        });
        expect(await snippetOf(bob)).toEqual({ highestPriority: 'High', totalActions: 1 });
        // The sender neither sees nor closes it.
        expect((await actionsOf(ann)).actionsRequested).toEqual([]);
        expect((await ann.client.put(`/api/action/${action.i}/complete`)).status).toBe(404);
        // identity's profile follows the action service's events.
        await eventually(async () => ((await outstandingOf(bob)) === 1 ? true : undefined), SLOW);

        expect(
          (await bob.client.put<{ action: { state: string } }>(`/api/action/${action.i}/complete`)).body
            .action.state,
        ).toBe('completed');
        expect(await actionsOf(bob)).toMatchObject({ actionsRequested: [], outstandingActions: 0 });
        expect(await snippetOf(bob)).toEqual({ highestPriority: null, totalActions: 0 });
        await eventually(async () => ((await outstandingOf(bob)) === 0 ? true : undefined), SLOW);
      },
      3 * SLOW,
    );

    it(
      'stop once the follower unfollows',
      async () => {
        await follow(bob, ann, 'DELETE');
        const status = await eventually(async () => {
          const res = await ann.client.post('/api/action/request', { forCirrusI: bob.id, text: 'One more' });
          return res.status === 403 ? res.body.error : undefined;
        }, SLOW);
        expect(status).toBe(actionMessages.followersOnly);
      },
      3 * SLOW,
    );
  });
}
