import { randomUUID } from 'node:crypto';
import {
  ActionCreatedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  VellumCreatedSchema,
} from '@vellum/proto';
import { analyticsHarness, type AnalyticsHarness } from './support/analytics-harness';

describe('CirrusDeleted in the analytics service', () => {
  let h: AnalyticsHarness;
  beforeAll(async () => {
    h = await analyticsHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('removes the row and active days of the cirrus, keeps the daily counters, once', async () => {
    const admin = await h.admin();
    const ann = await h.cirrus('gone.ann');
    await h.signedIn(ann);
    const daily = async () =>
      (
        await h.db.query(
          `SELECT metric, count FROM analytics.daily WHERE metric IN ('signUps', 'verified') ORDER BY metric`,
        )
      ).rows;
    const before = await daily();

    const id = await h.deleteCirrus(ann);
    await h.deleteCirrus(ann, id);
    await h.signedIn(admin);

    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM analytics.cirri WHERE id = $1)
            + (SELECT count(*) FROM analytics.active_days WHERE cirrus_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect(before.length).toBe(2);
    expect(await daily()).toEqual(before);
    const list = await h.as(admin).get('/api/admin/cirri').query({ list: 'all' }).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(ann.username);
    expect(JSON.stringify(list.body)).toContain(admin.username);
  });

  it('keeps a tombstone: events about the deleted cirrus arriving later re-create no row and no active day', async () => {
    const ann = await h.cirrus('late.ann');
    await h.deleteCirrus(ann);
    await h.signedIn(ann);
    await h.identityEvent(CirrusVerifiedSchema, ann.id, { cirrusId: ann.id, username: ann.username });
    await h.identityEvent(CirrusProfileChangedSchema, ann.id, { cirrusId: ann.id, username: ann.username });
    const vellumId = randomUUID();
    await h.vellumEvent(VellumCreatedSchema, vellumId, { vellumId, ownerId: ann.id, title: 't' });
    await h.actionEvent(ActionCreatedSchema, ann.id, { actionId: randomUUID(), ownerId: ann.id });
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM analytics.cirri WHERE id = $1)
            + (SELECT count(*) FROM analytics.active_days WHERE cirrus_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
