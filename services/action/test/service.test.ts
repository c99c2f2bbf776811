import {
  ActionAbandonedSchema,
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionPriority,
  ActionRequestedSchema,
  actionMessages,
  decodePayload,
  unpackEnvelope,
} from '@vellum/proto';
import { eventually } from '@vellum/platform/test-support';
import { actionHarness, type ActionHarness, type Person } from './support/action-harness';

const count = async (h: ActionHarness, table: string) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM action.${table}`)).rows[0]!.n;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the action service alone (PGlite, in-process bus)', () => {
  let h: ActionHarness;
  let ada: Person;
  let bob: Person;
  beforeAll(async () => {
    h = await actionHarness();
    [ada, bob] = [await h.person('Ada'), await h.person('Bob')];
  }, 60_000);
  afterAll(() => h.close());

  const create = async (who: Person, text: string, priority?: string) => {
    const res = await h.as(who).post('/api/action', { text, priority });
    expect(res.status).toBe(201);
    return res.body.action as { i: string; text: string; priority: string; created_at: string };
  };
  const list = async (who: Person) => (await h.as(who).get(`/api/cirrus/${who.username}/actions`)).body;

  it('creates an action with the fields of spec section 3, trimmed and Medium by default', async () => {
    const res = await h.as(ada).post('/api/action', { text: '  Water the plants ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      action: {
        i: expect.stringMatching(/^[0-9a-f-]{36}$/),
        text: 'Water the plants',
        priority: 'Medium',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('refuses bad input with the spec message and writes nothing', async () => {
    const before = [await count(h, 'actions'), await count(h, 'outbox')];
    const cases: Array<[unknown, string]> = [
      [{ text: 'x'.repeat(181) }, 'Action must have at most 180 characters.'],
      [{ text: '\t\t' }, actionMessages.textOnlyTabs],
      [{ text: '   ' }, actionMessages.textRequired],
      [{}, actionMessages.textRequired],
      [{ text: 42 }, 'Action must be text.'],
      [{ text: 'ok', priority: 'Urgent' }, actionMessages.priorityInvalid],
      [{ text: 'bell\u0007' }, actionMessages.textControl],
      // NUL is refused in any body before the routes (platform's safety net), in the same shape.
      [{ text: 'nul\u0000' }, 'The request contains characters that are not allowed.'],
      ['[1]', 'The request must be a JSON object.'],
    ];
    for (const [body, error] of cases) {
      const res = await h
        .as(ada)
        .post('/api/action', body as object)
        .set('content-type', 'application/json');
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
    expect(
      await h
        .as()
        .post('/api/action', { text: 'x' })
        .then((r) => [r.status, r.body.error]),
    ).toEqual([401, actionMessages.signIn]);
    expect([await count(h, 'actions'), await count(h, 'outbox')]).toEqual(before);
    // 180 characters (emoji count as one each) is the limit, not past it.
    expect((await create(ada, '😀'.repeat(180), 'Low')).text).toHaveLength(360);
  });

  it('lists only for the owner, grouped by priority, newest first', async () => {
    const carl = await h.person('Carl');
    h.clock.now = new Date('2026-01-02T00:00:00Z');
    const a = await create(carl, 'first high', 'High');
    h.clock.now = new Date('2026-01-03T00:00:00Z');
    const b = await create(carl, 'second high', 'High');
    const c = await create(carl, 'a low one', 'Low');
    expect(await list(carl)).toEqual({
      actionsHigh: [b, a],
      actionsMedium: [],
      actionsLow: [c],
      actionsRequested: [],
      outstandingActions: 0,
    });
    // The username is matched without regard to case.
    expect((await h.as(carl).get(`/api/cirrus/${carl.username.toUpperCase()}/actions`)).status).toBe(200);
    for (const path of [
      `/api/cirrus/${carl.username}/actions`,
      `/api/cirrus/${carl.username}/actions-snippet`,
    ]) {
      expect(
        await h
          .as(ada)
          .get(path)
          .then((r) => [r.status, r.body.error]),
      ).toEqual([403, actionMessages.ownerOnly]);
      expect(
        await h
          .as()
          .get(path)
          .then((r) => [r.status, r.body.error]),
      ).toEqual([401, actionMessages.signIn]);
    }
  });

  it('sums every open action for the badge, with the highest priority', async () => {
    const dora = await h.person('Dora');
    const snippet = async () => (await h.as(dora).get(`/api/cirrus/${dora.username}/actions-snippet`)).body;
    expect(await snippet()).toEqual({ highestPriority: null, totalActions: 0 });
    await create(dora, 'low', 'Low');
    expect(await snippet()).toEqual({ highestPriority: 'Low', totalActions: 1 });
    const medium = await create(dora, 'medium');
    expect(await snippet()).toEqual({ highestPriority: 'Medium', totalActions: 2 });
    const high = await create(dora, 'high', 'High');
    expect(await snippet()).toEqual({ highestPriority: 'High', totalActions: 3 });
    await h.as(dora).put(`/api/action/${high.i}/complete`);
    await h.as(dora).put(`/api/action/${medium.i}/abandon`);
    expect(await snippet()).toEqual({ highestPriority: 'Low', totalActions: 1 });
  });

  it('completes and abandons for the owner only; twice is harmless', async () => {
    const done = await create(ada, 'to complete', 'High');
    const dropped = await create(ada, 'to abandon', 'Low');
    for (const [path, status, error] of [
      [`/api/action/${done.i}/complete`, 404, actionMessages.notFound],
      [`/api/action/${done.i}/abandon`, 404, actionMessages.notFound],
      [`/api/action/${UNKNOWN}/complete`, 404, actionMessages.notFound],
      [`/api/action/not-an-id/complete`, 404, actionMessages.notFound],
    ] as const) {
      const res = await h.as(bob).put(path);
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status, error });
    }
    expect((await h.as().put(`/api/action/${done.i}/complete`)).status).toBe(401);

    for (let i = 0; i < 2; i++) {
      const res = await h.as(ada).put(`/api/action/${done.i}/complete`);
      expect([res.status, res.body.action.state, res.body.action.text]).toEqual([
        200,
        'completed',
        'to complete',
      ]);
    }
    // Abandoning a completed action leaves it completed.
    expect((await h.as(ada).put(`/api/action/${done.i}/abandon`)).body.action.state).toBe('completed');
    for (let i = 0; i < 2; i++) {
      expect((await h.as(ada).put(`/api/action/${dropped.i}/abandon`)).body.action.state).toBe('abandoned');
    }
    const open = await list(ada);
    expect(
      [...open.actionsHigh, ...open.actionsMedium, ...open.actionsLow].map((a: { i: string }) => a.i),
    ).not.toEqual(expect.arrayContaining([done.i]));
    expect(open.actionsLow.map((a: { i: string }) => a.i)).not.toContain(dropped.i);
    const closes = (id: string) =>
      h.published.filter((m) => m.type !== ActionCreatedSchema.typeName && decodeIdOf(m) === id);
    await eventually(() => (closes(dropped.i).length === 1 ? true : undefined));
    expect(closes(done.i).map((m) => m.type)).toEqual([ActionCompletedSchema.typeName]);
  });

  describe('action requests', () => {
    let sender: Person;
    let follower: Person;
    let stranger: Person;
    beforeAll(async () => {
      [sender, follower, stranger] = [await h.person('Sam'), await h.person('Fay'), await h.person('Stan')];
      await h.followed(follower, sender);
      // The stranger is followed BY the sender, which is the wrong way round.
      await h.followed(sender, stranger);
    });
    const send = (who: Person | undefined, body: object) => h.as(who).post('/api/action/request', body);

    it('goes to a follower only', async () => {
      const cases: Array<[Person | undefined, object, number, string]> = [
        [undefined, { forCirrusI: follower.id, text: 'x' }, 401, actionMessages.signIn],
        [sender, { forCirrusI: stranger.id, text: 'x' }, 403, actionMessages.followersOnly],
        [sender, { forCirrusI: UNKNOWN, text: 'x' }, 403, actionMessages.followersOnly],
        [sender, { forCirrusI: sender.id, text: 'x' }, 400, actionMessages.notYourself],
        [sender, { forCirrusI: 'someone', text: 'x' }, 400, actionMessages.forCirrusRequired],
        [sender, { text: 'x' }, 400, actionMessages.forCirrusRequired],
        [sender, { forCirrusI: follower.id, text: 'x'.repeat(181) }, 400, actionMessages.textTooLong],
        [
          sender,
          { forCirrusI: follower.id, text: 'x', priority: 'Soon' },
          400,
          actionMessages.priorityInvalid,
        ],
        // The follower does not follow back: no request the other way.
        [follower, { forCirrusI: sender.id, text: 'x' }, 403, actionMessages.followersOnly],
      ];
      const before = await count(h, 'actions');
      for (const [who, body, status, error] of cases) {
        const res = await send(who, body);
        expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status, error });
      }
      expect(await count(h, 'actions')).toBe(before);
    });

    it("lands in the follower's requested actions, with the requester's names, until done", async () => {
      const res = await send(sender, {
        forCirrusI: follower.id.toUpperCase(),
        text: ' Review my draft ',
        priority: 'High',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        action: {
          i: expect.any(String),
          text: 'Review my draft',
          priority: 'High',
          created_at: expect.any(String),
        },
        sentTo: { i: follower.id, username: follower.username, display_name: follower.displayName },
      });
      const id = res.body.action.i as string;
      const mine = await list(follower);
      expect(mine).toEqual({
        actionsHigh: [],
        actionsMedium: [],
        actionsLow: [],
        actionsRequested: [
          {
            ...res.body.action,
            cirrus_id: { i: sender.id, username: sender.username, display_name: sender.displayName },
          },
        ],
        outstandingActions: 1,
      });
      expect((await h.as(follower).get(`/api/cirrus/${follower.username}/actions-snippet`)).body).toEqual({
        highestPriority: 'High',
        totalActions: 1,
      });
      // Nothing on the sender's own list, and the sender cannot close it.
      expect((await list(sender)).actionsRequested).toEqual([]);
      expect((await h.as(sender).put(`/api/action/${id}/complete`)).status).toBe(404);

      await h.renamed(sender, 'Samuel Lovelace');
      expect((await list(follower)).actionsRequested[0].cirrus_id.display_name).toBe('Samuel Lovelace');

      expect((await h.as(follower).put(`/api/action/${id}/complete`)).body.action.state).toBe('completed');
      expect((await list(follower)).outstandingActions).toBe(0);
    });

    it('stops once the follower unfollows', async () => {
      const pat = await h.person('Pat');
      await h.followed(pat, sender);
      expect((await send(sender, { forCirrusI: pat.id, text: 'one' })).status).toBe(201);
      await h.unfollowed(pat, sender);
      expect((await send(sender, { forCirrusI: pat.id, text: 'two' })).status).toBe(403);
      // The request already sent stays on pat's list.
      expect((await list(pat)).outstandingActions).toBe(1);
    });

    it('applies a redelivered follow event once', async () => {
      const kim = await h.person('Kim');
      const eventId = await h.followed(kim, sender);
      await h.unfollowed(kim, sender);
      await h.followed(kim, sender, eventId);
      expect((await send(sender, { forCirrusI: kim.id, text: 'x' })).status).toBe(403);
    });
  });

  it('publishes created, requested, completed and abandoned, keyed by the owner, with the outstanding count', async () => {
    const [owner, asker] = [await h.person('Olga'), await h.person('Ivan')];
    await h.followed(owner, asker);
    const own = await create(owner, 'mine', 'Low');
    const asked = (await h.as(asker).post('/api/action/request', { forCirrusI: owner.id, text: 'asked' }))
      .body.action;
    const asked2 = (
      await h
        .as(asker)
        .post('/api/action/request', { forCirrusI: owner.id, text: 'asked 2', priority: 'High' })
    ).body.action;
    await h.as(owner).put(`/api/action/${asked.i}/complete`);
    await h.as(owner).put(`/api/action/${own.i}/abandon`);
    await h.as(owner).put(`/api/action/${asked2.i}/abandon`);
    await h.as(owner).put(`/api/action/${asked2.i}/abandon`);

    const envelopes = await eventually(() => {
      const found = h.published.filter((m) => m.key === owner.id);
      return found.length >= 6 ? found.map((m) => unpackEnvelope(m.value)) : undefined;
    });
    expect(envelopes.every((e) => e.producer === 'action' && e.aggregateId === owner.id)).toBe(true);
    expect(envelopes.map((e) => e.type)).toEqual([
      ActionCreatedSchema.typeName,
      ActionRequestedSchema.typeName,
      ActionRequestedSchema.typeName,
      ActionCompletedSchema.typeName,
      ActionAbandonedSchema.typeName,
      ActionAbandonedSchema.typeName,
    ]);
    expect(decodePayload(envelopes[0]!, ActionCreatedSchema)).toMatchObject({
      actionId: own.i,
      ownerId: owner.id,
      priority: ActionPriority.LOW,
      outstandingActions: 0,
    });
    expect(decodePayload(envelopes[1]!, ActionRequestedSchema)).toMatchObject({
      actionId: asked.i,
      ownerId: owner.id,
      requesterId: asker.id,
      requesterUsername: asker.username,
      priority: ActionPriority.MEDIUM,
      outstandingActions: 1,
    });
    expect(decodePayload(envelopes[2]!, ActionRequestedSchema).outstandingActions).toBe(2);
    expect(decodePayload(envelopes[3]!, ActionCompletedSchema)).toMatchObject({
      actionId: asked.i,
      requesterId: asker.id,
      outstandingActions: 1,
    });
    expect(decodePayload(envelopes[4]!, ActionAbandonedSchema)).toMatchObject({
      requesterId: '',
      outstandingActions: 1,
    });
    expect(decodePayload(envelopes[5]!, ActionAbandonedSchema)).toMatchObject({
      actionId: asked2.i,
      outstandingActions: 0,
    });
  });
});

/** The action id an action event is about. */
function decodeIdOf(message: { type: string; value: Uint8Array }): string {
  const envelope = unpackEnvelope(message.value);
  const schema = [
    ActionCreatedSchema,
    ActionRequestedSchema,
    ActionCompletedSchema,
    ActionAbandonedSchema,
  ].find((s) => s.typeName === envelope.type)!;
  return decodePayload(envelope, schema).actionId;
}
