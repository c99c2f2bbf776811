import { ActionAbandonedSchema, decodePayload, unpackEnvelope } from '@vellum/proto';
import { actionHarness, type ActionHarness } from './support/action-harness';

describe('CirrusDeleted in the action service', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await actionHarness();
  }, 60_000);
  afterAll(() => h.close());

  const abandoned = (ownerId: string) =>
    h.published
      .map((m) => unpackEnvelope(m.value))
      .filter((e) => e.type === ActionAbandonedSchema.typeName)
      .map((e) => decodePayload(e, ActionAbandonedSchema))
      .filter((e) => e.ownerId === ownerId);

  const heldOf = async (id: string) =>
    Number(
      (
        await h.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM action.actions WHERE owner_id = $1 OR requester_id = $1)
                + (SELECT count(*) FROM action.cirri WHERE id = $1)
                + (SELECT count(*) FROM action.lists WHERE owner_id = $1)
                + (SELECT count(*) FROM action.follows WHERE follower_id = $1 OR followee_id = $1) AS n`,
          [id],
        )
      ).rows[0]!.n,
    );

  it('removes their actions, the requests they made or received, their people rows, and announces each left request once', async () => {
    const [ann, bob] = [await h.person('Ann'), await h.person('Bob')];
    await h.followed(bob, ann);
    await h.followed(ann, bob);
    await h.as(ann).post('/api/action', { text: 'Ann’s own', priority: 'High' }).expect(201);
    await h.as(ann).post('/api/action/request', { forCirrusI: bob.id, text: 'From Ann' }).expect(201);
    await h.as(bob).post('/api/action/request', { forCirrusI: ann.id, text: 'From Bob' }).expect(201);
    await h.as(bob).post('/api/action', { text: 'Bob’s own', priority: 'Low' }).expect(201);

    const id = await h.deleteCirrus(ann);
    await h.deleteCirrus(ann, id);
    await h.renamed(bob, 'Bob Barrier');

    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM action.actions WHERE owner_id = $1 OR requester_id = $1)
            + (SELECT count(*) FROM action.cirri WHERE id = $1)
            + (SELECT count(*) FROM action.follows WHERE follower_id = $1 OR followee_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const left = abandoned(bob.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ ownerId: bob.id, requesterId: '', outstandingActions: 0 });
    const list = await h.as(bob).get(`/api/cirrus/${bob.username}/actions`).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('From Ann');
    expect(JSON.stringify(list.body)).toContain('Bob’s own');
  });

  it('keeps a tombstone: a follow or rename arriving after the deletion re-creates nothing', async () => {
    const [ann, bob] = [await h.person('Ann'), await h.person('Bob')];
    await h.deleteCirrus(ann);
    await h.followed(bob, ann);
    await h.followed(ann, bob);
    await h.renamed(ann, 'Ann Again');
    expect(await heldOf(ann.id)).toBe(0);
    // So no request can reach her as a follower of Bob's either.
    const res = await h.as(bob).post('/api/action/request', { forCirrusI: ann.id, text: 'Still there?' });
    expect(res.status).toBe(403);
    expect(await heldOf(ann.id)).toBe(0);
  });

  it('refuses the writes of a deleted caller whose assertion is still valid as 404, writing nothing', async () => {
    const [ann, bob] = [await h.person('Ann'), await h.person('Bob')];
    await h.followed(bob, ann);
    await h.deleteCirrus(ann);
    const own = await h.as(ann).post('/api/action', { text: 'After', priority: 'High' });
    expect(own.status).toBe(404);
    const asked = await h.as(ann).post('/api/action/request', { forCirrusI: bob.id, text: 'After' });
    expect(asked.status).toBe(404);
    expect(await heldOf(ann.id)).toBe(0);
    expect(await heldOf(bob.id)).toBe(1);
  });
});
