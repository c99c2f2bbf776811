import { unzipSync, strFromU8 } from 'fflate';
import { vellumMessages, type VellumNode } from '@vellum/proto';
import { fromMarkdown, markdownToVellum, toMarkdown } from '@vellum/proto/markdown';
import { richDocument } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type Person, type VellumHarness } from './support/service-harness';
import { ZipReaderGone, ZipWriter } from '../src/zip/zip-writer';
import { PassThrough } from 'node:stream';

/** A supertest parser that keeps the body as bytes (for the zip). */
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('Markdown export', () => {
  let h: VellumHarness;
  let ada: Person;
  let bob: Person;
  const create = async (who: Person, title: string, doc: unknown) =>
    (
      await h
        .as(who)
        .post('/api/vellum-new', { title, text: JSON.stringify(doc) })
        .expect(201)
    ).body.savedVellum.i as string;

  beforeAll(async () => {
    h = await vellumHarness();
    ada = person();
    bob = person('bob');
  }, 60_000);
  afterAll(() => h.close());

  describe('GET /api/vellum/{id}/markdown', () => {
    let privateId: string;
    let publicId: string;
    beforeAll(async () => {
      privateId = await create(ada, 'Private: notes #1', richDocument);
      publicId = await create(ada, 'Shared notes', richDocument);
      await h.as(ada).put(`/api/vellum/publish/${publicId}`).expect(200);
    });

    it('gives the owner the Markdown file: its type, name and the round-trip-stable text', async () => {
      const res = await h.as(ada).get(`/api/vellum/${privateId}/markdown`).expect(200);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="private-notes-1.md"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text.startsWith('# Private: notes \\#1\n\n# Title\n')).toBe(true);
      expect(res.text).toBe(`# Private: notes \\#1\n\n${toMarkdown(richDocument as VellumNode)}`);
      const back = markdownToVellum(res.text, 'x.md');
      if (!back.ok) throw new Error(back.message);
      expect(back.title).toBe('Private: notes #1');
      expect(toMarkdown(back.doc)).toBe(toMarkdown(richDocument as VellumNode));
    });

    it('gives a public vellum to anyone, a private one to nobody but its owner (404, as a missing one)', async () => {
      await h.as(bob).get(`/api/vellum/${publicId}/markdown`).expect(200);
      await h.as().get(`/api/vellum/${publicId}/markdown`).expect(200);
      const theirs = await h.as(bob).get(`/api/vellum/${privateId}/markdown`).expect(404);
      const visitor = await h.as().get(`/api/vellum/${privateId}/markdown`).expect(404);
      const missing = await h
        .as(ada)
        .get(`/api/vellum/00000000-0000-4000-8000-000000000000/markdown`)
        .expect(404);
      expect(theirs.body).toEqual(missing.body);
      expect(visitor.body).toEqual(missing.body);
      expect(JSON.stringify(theirs.body)).not.toContain('Private');
      await h.as(ada).get(`/api/vellum/not-a-uuid/markdown`).expect(404);
    });

    it('exports an empty vellum as nothing but its (empty) body', async () => {
      const empty = (await h.as(ada).post('/api/vellum-new', { title: '', text: '' }).expect(201)).body
        .savedVellum.i;
      const res = await h.as(ada).get(`/api/vellum/${empty}/markdown`).expect(200);
      expect(res.text).toBe('');
      expect(res.headers['content-disposition']).toBe('attachment; filename="vellum.md"');
    });
  });

  describe('GET /api/cirrus/{username}/vellums.zip', () => {
    let owner: Person;
    beforeAll(async () => {
      owner = person('zed');
      await create(owner, 'Same', richDocument);
      await create(owner, 'Same', {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }],
      });
      await create(owner, 'Ünïcode & more', richDocument);
    });

    it('streams every vellum of the owner as Markdown files with unique names, and says how many first', async () => {
      const res = await h
        .as(owner)
        .get(`/api/cirrus/${owner.username}/vellums.zip`)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['x-vellum-count']).toBe('3');
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${owner.username}-vellums.zip"`);
      const files = unzipSync(new Uint8Array(res.body as Buffer));
      expect(Object.keys(files).sort()).toEqual(['same-2.md', 'same.md', 'unicode-more.md']);
      const texts = Object.fromEntries(
        Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]),
      );
      expect(texts['unicode-more.md']).toBe(`# Ünïcode & more\n\n${toMarkdown(richDocument as VellumNode)}`);
      expect([texts['same.md'], texts['same-2.md']].sort()).toEqual(
        ['# Same\n\ntwo\n', `# Same\n\n${toMarkdown(richDocument as VellumNode)}`].sort(),
      );
      for (const text of Object.values(texts)) expect(fromMarkdown(text).ok).toBe(true);
    });

    it("is the owner's alone: a visitor 401, anyone else (or an unknown name) 403", async () => {
      const visitor = await h.as().get(`/api/cirrus/${owner.username}/vellums.zip`).expect(401);
      expect(visitor.body.error).toBe(vellumMessages.signInToExport);
      const other = await h.as(bob).get(`/api/cirrus/${owner.username}/vellums.zip`).expect(403);
      expect(other.body.error).toBe(vellumMessages.exportOwnerOnly);
      await h.as(bob).get(`/api/cirrus/nobody.here/vellums.zip`).expect(403);
    });

    it('gives an owner without vellums an empty zip', async () => {
      const lone = person('lone');
      // The author is recorded on their first write; a vellum made and deleted leaves them with none.
      const id = await create(lone, 'Gone', richDocument);
      await h.as(lone).delete(`/api/vellum/${id}`).expect(200);
      const res = await h
        .as(lone)
        .get(`/api/cirrus/${lone.username}/vellums.zip`)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      expect(res.headers['x-vellum-count']).toBe('0');
      expect(Object.keys(unzipSync(new Uint8Array(res.body as Buffer)))).toEqual([]);
    });
  });
});

describe('ZipWriter', () => {
  it('writes entries a zip reader reads back, honouring backpressure', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const chunks: Buffer[] = [];
    const zip = new ZipWriter(out);
    const big = 'lorem ipsum '.repeat(50_000);
    const writing = (async () => {
      await zip.add('a.md', '# A\n', new Date('2026-03-04T05:06:08Z'));
      await zip.add('dir/ü.md', big, new Date('2026-03-04T05:06:08Z'));
      await zip.finish();
      out.end();
    })();
    for await (const chunk of out) chunks.push(chunk as Buffer);
    await writing;
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(strFromU8(files['a.md']!)).toBe('# A\n');
    expect(strFromU8(files['dir/ü.md']!)).toBe(big);
    expect(Buffer.concat(chunks).length).toBeLessThan(big.length / 10);
  });
});

describe('ZipWriter when the reader leaves', () => {
  it('stops with ZipReaderGone instead of waiting for a drain that never comes', async () => {
    const out = new PassThrough({ highWaterMark: 1 });
    const zip = new ZipWriter(out);
    const writing = zip.add('big.md', 'x'.repeat(100_000), new Date());
    out.destroy();
    await expect(writing).rejects.toBeInstanceOf(ZipReaderGone);
  });
});
