import {
  CirrusSignedInSchema,
  decodePayload,
  RatingLevel,
  unpackEnvelope,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumMadePrivateSchema,
  VellumPublishedSchema,
  VellumRatedSchema,
  VellumUpdatedSchema,
} from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { eventually } from '@vellum/platform/test-support';
import { person, vellumHarness, type VellumHarness } from './support/service-harness';

const body = (words: string) => JSON.stringify(doc(p(text(words))));
const count = async (h: VellumHarness, table: string) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM vellum.${table}`)).rows[0]!.n;

describe('vellum events', () => {
  let h: VellumHarness;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('publishes created, updated, published, rated, made private and deleted through the outbox, keyed by the vellum', async () => {
    const ada = person();
    const bob = person('bob');
    const created = await h.as(ada).post('/api/vellum-new', { title: 'Evented', text: body('x') });
    const id = created.body.savedVellum.i as string;
    h.clock.now = new Date('2026-01-02T00:00:00Z');
    await h.as(ada).post(`/api/vellum/${id}`, { title: 'Evented 2', text: body('y') });
    await h.as(ada).put(`/api/vellum/publish/${id}`);
    await h.as(bob).put(`/api/vellum/${id}/score/excellent`);
    await h.as(ada).put(`/api/vellum/private/${id}`);
    await h.as(ada).delete(`/api/vellum/${id}`);

    const mine = await eventually(() => {
      const found = h.published.filter((m) => m.key === id);
      return found.length >= 6 ? found : undefined;
    });
    const envelopes = mine.map((m) => unpackEnvelope(m.value));
    expect(envelopes.map((e) => e.type)).toEqual([
      VellumCreatedSchema.typeName,
      VellumUpdatedSchema.typeName,
      VellumPublishedSchema.typeName,
      VellumRatedSchema.typeName,
      VellumMadePrivateSchema.typeName,
      VellumDeletedSchema.typeName,
    ]);
    expect(envelopes.every((e) => e.producer === 'vellum' && e.aggregateId === id)).toBe(true);
    expect(decodePayload(envelopes[0]!, VellumCreatedSchema)).toMatchObject({
      vellumId: id,
      ownerId: ada.id,
      title: 'Evented',
      isPublic: false,
    });
    expect(decodePayload(envelopes[1]!, VellumUpdatedSchema)).toMatchObject({
      title: 'Evented 2',
      isPublic: false,
    });
    expect(decodePayload(envelopes[2]!, VellumPublishedSchema)).toMatchObject({ title: 'Evented 2' });
    expect(decodePayload(envelopes[3]!, VellumRatedSchema)).toMatchObject({
      raterId: bob.id,
      level: RatingLevel.EXCELLENT,
      ratingCount: 1,
      ratingSum: 3,
    });
    expect(decodePayload(envelopes[5]!, VellumDeletedSchema)).toMatchObject({
      ownerId: ada.id,
      wasPublic: false,
    });
    // The ratings went with the vellum.
    expect(await count(h, 'ratings')).toBe(0);
  });

  it('writes nothing, and publishes nothing, when a request is refused', async () => {
    const ada = person();
    const outboxBefore = await count(h, 'outbox');
    const vellumsBefore = await count(h, 'vellums');
    await h.as(ada).post('/api/vellum-new', { title: 'x'.repeat(93), text: body('x') });
    await h.as(ada).post('/api/vellum-new', {
      title: 'x',
      text: JSON.stringify(doc(p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))),
    });
    const other = await h.as(person()).post('/api/vellum-new', { title: 'Theirs', text: body('x') });
    await h.as(ada).put(`/api/vellum/publish/${other.body.savedVellum.i}`);
    await h.as(ada).delete(`/api/vellum/${other.body.savedVellum.i}`);
    expect(await count(h, 'vellums')).toBe(vellumsBefore + 1);
    expect(await count(h, 'outbox')).toBe(outboxBefore + 1);
  });

  it('does not publish again when the visibility asked for is the one it has', async () => {
    const ada = person();
    const created = await h.as(ada).post('/api/vellum-new', { title: 'Quiet', text: body('x') });
    const id = created.body.savedVellum.i as string;
    await h.as(ada).put(`/api/vellum/private/${id}`);
    await h.as(ada).put(`/api/vellum/publish/${id}`);
    await h.as(ada).put(`/api/vellum/publish/${id}`);
    const rows = await h.db.query<{ type: string }>(
      `SELECT type FROM vellum.outbox WHERE key = $1 ORDER BY seq`,
      [id],
    );
    expect(rows.rows.map((r) => r.type)).toEqual([
      VellumCreatedSchema.typeName,
      VellumPublishedSchema.typeName,
    ]);
  });
});

describe('the authors projection', () => {
  let h: VellumHarness;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());

  const authorOf = async (who: { username: string }) =>
    (await h.as().get(`/api/cirrus/${who.username}/vellums`)).body.vellums?.[0]?.owned_by_cirrus;

  it("takes the display name from identity's sign-up event and every later profile change", async () => {
    const ada = person();
    await h.signedUp(ada, 'Ada Lovelace');
    const v = await h.as(ada).post('/api/vellum-new', { title: 'Named', text: body('x') });
    await h.as(ada).put(`/api/vellum/publish/${v.body.savedVellum.i}`);
    await eventually(async () => ((await authorOf(ada))?.display_name === 'Ada Lovelace' ? true : undefined));

    await h.renamed(ada, 'Countess of Lovelace');
    await eventually(async () =>
      (await authorOf(ada))?.display_name === 'Countess of Lovelace' ? true : undefined,
    );
    const page = await h.as().get(`/api/vellum/${v.body.savedVellum.i}`);
    expect(page.body.vellum.owned_by_cirrus).toEqual({
      i: ada.id,
      username: ada.username,
      display_name: 'Countess of Lovelace',
    });
    const discovered = await h.as().get('/api/vellums');
    expect(
      discovered.body.vellums.find((x: { i: string }) => x.i === v.body.savedVellum.i).owned_by_cirrus
        .display_name,
    ).toBe('Countess of Lovelace');
  });

  it('drops the cached welcome-page lists when an author is renamed, well before their 30 s expire', async () => {
    const eve = person('eve');
    await h.signedUp(eve, 'Eve First');
    const v = await h.as(eve).post('/api/vellum-new', { title: 'Shown', text: body('x') });
    await h.as(eve).put(`/api/vellum/publish/${v.body.savedVellum.i}`);
    const shownName = async () =>
      (await h.as().get('/api/get-showcase-vellums')).body.vellums.find(
        (x: { i: string }) => x.i === v.body.savedVellum.i,
      )?.owned_by_cirrus.display_name;
    await eventually(async () => ((await shownName()) === 'Eve First' ? true : undefined));
    await h.renamed(eve, 'Eve Second');
    await eventually(async () => ((await shownName()) === 'Eve Second' ? true : undefined), 5_000);
  });

  it('shows the username of a writer whose sign-up event has not arrived yet, then the display name', async () => {
    const bob = person('bob');
    const v = await h.as(bob).post('/api/vellum-new', { title: 'Early', text: body('x') });
    expect(v.body.savedVellum.owned_by_cirrus).toEqual({
      i: bob.id,
      username: bob.username,
      display_name: bob.username,
    });
    await h.as(bob).put(`/api/vellum/publish/${v.body.savedVellum.i}`);
    await h.signedUp(bob, 'Bob Builder');
    await eventually(async () => ((await authorOf(bob))?.display_name === 'Bob Builder' ? true : undefined));
  });

  it('applies each event once and ignores the cirrus events it does not keep', async () => {
    const cy = person('cy');
    const id = await h.signedUp(cy, 'Cy One');
    await h.identityEvent(CirrusSignedInSchema, cy.id, { cirrusId: cy.id, username: cy.username });
    const inbox = async () =>
      (
        await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM vellum.inbox WHERE event_id = $1`, [
          id,
        ])
      ).rows[0]!.n;
    await eventually(async () => ((await inbox()) === 1 ? true : undefined));
    await h.renamed(cy, 'Cy Two');
    const nameOf = async () =>
      (
        await h.db.query<{ display_name: string }>(`SELECT display_name FROM vellum.authors WHERE id = $1`, [
          cy.id,
        ])
      ).rows[0]?.display_name;
    await eventually(async () => ((await nameOf()) === 'Cy Two' ? true : undefined));
    // Kafka delivers at least once: the same sign-up event again changes nothing.
    await h.signedUp(cy, 'Cy One', id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await nameOf()).toBe('Cy Two');
    expect(await inbox()).toBe(1);
  });
});
