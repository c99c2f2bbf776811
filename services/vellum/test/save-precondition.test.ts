import { vellumMessages } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type Person, type VellumHarness } from './support/service-harness';

const body = (words: string) => JSON.stringify(doc(p(text(words))));
const MINUTE = 60_000;

interface Stored {
  title: string;
  text: string;
  revision: number;
  last_edited: string;
}

/** Issue 28, two tabs: a save that names the revision it started from never writes over a newer one. */
describe('a save’s precondition (baseRevision)', () => {
  let h: VellumHarness;
  let ada: Person;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(() => {
    ada = person();
    // Saves 10 minutes apart: each keeps the text it replaces as a version (no coalescing).
    h.clock.now = new Date(h.clock.now.getTime() + 10 * MINUTE);
  });

  const create = async (title: string) =>
    (
      await h
        .as(ada)
        .post('/api/vellum-new', { title, text: body(title) })
        .expect(201)
    ).body.savedVellum as Stored & {
      i: string;
    };
  const save = (id: string, payload: Record<string, unknown>) => {
    h.clock.now = new Date(h.clock.now.getTime() + 10 * MINUTE);
    return h.as(ada).post(`/api/vellum/${id}`, payload);
  };
  const stored = async (id: string) =>
    (await h.as(ada).get(`/api/vellum/${id}`).expect(200)).body.vellum as Stored;
  const versions = async (id: string) =>
    ((await h.as(ada).get(`/api/vellum/${id}/versions`).expect(200)).body.versions as unknown[]).length;
  const updates = (id: string) => h.published.filter((m) => m.key === id).length;

  it('gives a new vellum revision 1, and every save one more, whether it names a revision or not', async () => {
    const v = await create('One');
    expect(v.revision).toBe(1);
    expect((await save(v.i, { title: 'Two' }).expect(200)).body.savedVellum.revision).toBe(2);
    const matched = await save(v.i, { title: 'Three', text: body('three'), baseRevision: 2 }).expect(200);
    expect(matched.body.savedVellum).toMatchObject({ title: 'Three', text: body('three'), revision: 3 });
    expect(await stored(v.i)).toEqual(matched.body.savedVellum);
  });

  it('refuses a save from a page that is behind with 409, changing nothing: no text, no version, no event', async () => {
    const v = await create('Mine');
    // Tab A saves over revision 1; tab B, still on revision 1, then saves its own text.
    await save(v.i, { title: 'From A', text: body('a'), baseRevision: 1 }).expect(200);
    const before = await stored(v.i);
    const [kept, published] = [await versions(v.i), updates(v.i)];
    const refused = await save(v.i, { title: 'From B', text: body('b'), baseRevision: 1 });
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: vellumMessages.changedElsewhere, code: 'conflict' },
    ]);
    expect(await stored(v.i)).toEqual(before);
    expect([await versions(v.i), updates(v.i)]).toEqual([kept, published]);
    // A title-only save is checked alike, and a revision ahead of the vellum's too.
    expect((await save(v.i, { title: 'From B', baseRevision: 1 })).status).toBe(409);
    expect((await save(v.i, { title: 'From B', baseRevision: 7 })).status).toBe(409);
    // Keep mine: the same edits sent with the revision now read are saved over it.
    const kept2 = await save(v.i, { title: 'From B', text: body('b'), baseRevision: before.revision }).expect(
      200,
    );
    expect(kept2.body.savedVellum).toMatchObject({ title: 'From B', text: body('b'), revision: 3 });
  });

  it('answers a repeated save (its answer lost) with the vellum as it is, without writing again', async () => {
    const v = await create('Draft');
    const first = await save(v.i, { title: 'Sent', text: body('sent'), baseRevision: 1 }).expect(200);
    const [kept, published] = [await versions(v.i), updates(v.i)];
    const again = await save(v.i, { title: 'Sent', text: body('sent'), baseRevision: 1 }).expect(200);
    expect(again.body.savedVellum).toEqual(first.body.savedVellum);
    expect([await versions(v.i), updates(v.i)]).toEqual([kept, published]);
    expect((await save(v.i, { title: 'Sent', baseRevision: 1 })).status).toBe(200);
    // The same title with another text is another save: refused.
    expect((await save(v.i, { title: 'Sent', text: body('other'), baseRevision: 1 })).status).toBe(409);
  });

  it('lets exactly one of two saves from the same revision through', async () => {
    const v = await create('Race');
    const answers = await Promise.all(
      ['Left', 'Right'].map((title) => save(v.i, { title, text: body(title), baseRevision: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.savedVellum;
    expect(await stored(v.i)).toMatchObject({ title: winner.title, revision: 2 });
  });

  it('moves the revision on a restore, so a page opened before it is behind', async () => {
    const v = await create('Old');
    await save(v.i, { title: 'New', text: body('new') }).expect(200);
    const [version] = (await h.as(ada).get(`/api/vellum/${v.i}/versions`).expect(200)).body
      .versions as Array<{
      i: string;
    }>;
    const restored = await h.as(ada).post(`/api/vellum/${v.i}/versions/${version!.i}/restore`).expect(200);
    expect(restored.body.savedVellum).toMatchObject({ title: 'Old', revision: 3 });
    expect((await save(v.i, { title: 'Stale', text: body('stale'), baseRevision: 2 })).status).toBe(409);
  });

  it.each<[string, unknown]>([
    ['text', '2'],
    ['zero', 0],
    ['a fraction', 1.5],
    ['null', null],
  ])('refuses a baseRevision that is %s with 400', async (_name, baseRevision) => {
    const v = await create('Checked');
    const res = await save(v.i, { title: 'x', baseRevision });
    expect([res.status, res.body]).toEqual([400, { error: vellumMessages.badRevision, code: 'invalid' }]);
    expect((await stored(v.i)).revision).toBe(1);
  });

  it('checks the owner before the revision: nobody else learns anything from it', async () => {
    const v = await create('Private');
    const res = await h.as(person('bob')).post(`/api/vellum/${v.i}`, { title: 'x', baseRevision: 99 });
    expect([res.status, res.body.error]).toEqual([404, vellumMessages.notFound]);
  });
});
