import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strToU8, zipSync } from 'fflate';
import NewVellumPage from '../src/pages/NewVellumPage';
import VellumListPage from '../src/pages/VellumListPage';
import VellumPage from '../src/pages/VellumPage';
import { ZipProgress } from '../src/markdown/zipProgress';
import { texts } from '../src/texts';
import { markdownNotices } from '@vellum/proto/markdown';
import { ann, bob, listItem, renderPage, serve, vellumView } from './helpers';

/** Answers `path` with a raw body and headers; every other call goes to the fake gateway of `serve`. */
function withFile(path: string, answer: () => Response) {
  const gateway = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === path ? answer() : gateway(input, init),
  ) as unknown as typeof fetch;
}

/** Captures what the page saves: the blob and the file name of the download link it clicks. */
function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${n++}`;
    blobs.set(url, blob);
    return url;
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

// jsdom's Blob and File lack the promise readers browsers have: given here through its FileReader.
const read = <T,>(blob: Blob, how: 'readAsText' | 'readAsArrayBuffer') =>
  new Promise<T>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    reader[how](blob);
  });
Blob.prototype.text ??= function (this: Blob) {
  return read<string>(this, 'readAsText');
};
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return read<ArrayBuffer>(this, 'readAsArrayBuffer');
};

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('Markdown in and out of the editor remote', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe("'Export Markdown' on a vellum's page", () => {
    it.each([
      ['the owner', ann, true],
      ['a reader', bob, false],
    ])('downloads the file under the name the service gives, for %s', async (_who, signedIn, isOwner) => {
      serve(
        {
          'GET /api/vellum/v1': {
            body: { vellum: vellumView({ is_public: true }), viewAuthorized: true, isOwner },
          },
        },
        signedIn,
      );
      withFile(
        '/api/vellum/v1/markdown',
        () =>
          new Response('# Notes\n\nHello world\n', {
            headers: {
              'Content-Type': 'text/markdown; charset=utf-8',
              'Content-Disposition': 'attachment; filename="notes.md"',
            },
          }),
      );
      const saved = captureDownloads();
      renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
      await userEvent.click(await screen.findByRole('button', { name: texts.exportMarkdown }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('notes.md');
      expect(await saved[0]!.blob.text()).toBe('# Notes\n\nHello world\n');
    });

    it("shows the service's refusal instead of saving anything", async () => {
      serve({
        'GET /api/vellum/v1': { body: { vellum: vellumView(), viewAuthorized: true, isOwner: true } },
      });
      withFile(
        '/api/vellum/v1/markdown',
        () => new Response(JSON.stringify({ error: 'This Vellum does not exist.' }), { status: 404 }),
      );
      const saved = captureDownloads();
      renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
      await userEvent.click(await screen.findByRole('button', { name: texts.exportMarkdown }));
      const alert = await screen.findByTestId('vellum-error');
      expect(alert.textContent).toContain(`${texts.exportFailed} This Vellum does not exist.`);
      expect(saved).toEqual([]);
    });
  });

  describe("'Export all (zip)' on the owner's list", () => {
    const annCirrus = {
      'GET /api/cirrus/ann': {
        body: { viewedCirrus: { i: ann.i, username: 'ann', displayName: 'Ann Lee' } },
      },
      'GET /api/cirrus/ann/vellums': {
        body: { vellums: [listItem({ i: 'v1' }), listItem({ i: 'v2', title: 'B' })] },
      },
    };

    it('streams the zip with a progress bar counting files, then saves it whole', async () => {
      const zip = zipSync({ 'a.md': strToU8('# A\n'), 'b.md': strToU8('# B\n'.repeat(1000)) });
      const split = 40; // inside the first file: its header has arrived, the second's not yet
      let send!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (send = controller) });
      serve(annCirrus);
      withFile(
        '/api/cirrus/ann/vellums.zip',
        () =>
          new Response(body, {
            headers: {
              'Content-Type': 'application/zip',
              'X-Vellum-Count': '2',
              'Content-Disposition': 'attachment; filename="ann-vellums.zip"',
            },
          }),
      );
      const saved = captureDownloads();
      renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
      await userEvent.click(await screen.findByRole('button', { name: texts.exportAll }));
      send.enqueue(zip.subarray(0, split));
      const bar = await screen.findByRole('progressbar', { name: texts.exportAll });
      await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
      expect(bar.getAttribute('aria-valuemax')).toBe('2');
      expect(screen.getByTestId('export-progress').textContent).toContain('1 of 2 Vellums');
      send.enqueue(zip.subarray(split));
      send.close();
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('ann-vellums.zip');
      expect(await bytesOf(saved[0]!.blob)).toEqual(zip);
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    });

    it("is only on the owner's own list", async () => {
      serve({ ...annCirrus }, bob);
      renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
      await screen.findByRole('heading', { name: "Ann Lee's Vellums" });
      expect(screen.queryByRole('button', { name: texts.exportAll })).toBeNull();
    });
  });

  describe('counting zip files as they stream', () => {
    it('counts every file whatever the chunk boundaries, and stops at the central directory', () => {
      const zip = zipSync({
        'a.md': strToU8('a'),
        'long name ü.md': strToU8('x'.repeat(5000)),
        'c.md': new Uint8Array(),
      });
      for (const size of [1, 7, 29, 30, 31, 1000, zip.length]) {
        const progress = new ZipProgress();
        let files = 0;
        for (let i = 0; i < zip.length; i += size) files = progress.push(zip.subarray(i, i + size));
        expect([size, files, progress.done]).toEqual([size, 3, true]);
      }
    });
  });

  describe('importing on the new-vellum page', () => {
    const file = (text: string, name = 'trip.md') => new File([text], name, { type: 'text/markdown' });

    it('creates the vellum from a picked file, title from its first heading, and opens it', async () => {
      const calls = serve({ 'POST /api/vellum-new': { status: 201, body: { savedVellum: { i: 'v9' } } } });
      const { router } = renderPage(<NewVellumPage />, '/new-vellum', '/new-vellum');
      await screen.findByRole('button', { name: texts.importMarkdown });
      await userEvent.upload(screen.getByTestId('markdown-file'), file('# Trip\n\n- [x] **pack**\n'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/vellum/v9'));
      const created = calls.find((c) => c.method === 'POST')!.body as { title: string; text: string };
      expect(created.title).toBe('Trip');
      expect(JSON.parse(created.text)).toEqual({
        type: 'doc',
        content: [
          {
            type: 'taskList',
            content: [
              {
                type: 'taskItem',
                attrs: { checked: true },
                content: [
                  { type: 'paragraph', content: [{ type: 'text', text: 'pack', marks: [{ type: 'bold' }] }] },
                ],
              },
            ],
          },
        ],
      });
    });

    it('imports a dropped file and shows what was left out, with a link to the new vellum', async () => {
      const calls = serve({ 'POST /api/vellum-new': { status: 201, body: { savedVellum: { i: 'v7' } } } });
      const { router } = renderPage(<NewVellumPage />, '/new-vellum', '/new-vellum');
      const zone = await screen.findByTestId('markdown-drop-zone');
      const dropped = file('[x](javascript:alert(1)) <script>alert(1)</script>\n', 'Dropped notes.md');
      fireEvent.drop(zone, { dataTransfer: { files: [dropped], types: ['Files'] } });
      const notices = await screen.findByTestId('import-notices');
      expect(
        within(notices)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([markdownNotices.unsafeLink, markdownNotices.html]);
      expect(within(notices).getByRole('link', { name: texts.openImported }).getAttribute('href')).toBe(
        '/vellum/v7',
      );
      expect(router.state.location.pathname).toBe('/new-vellum');
      const created = calls.find((c) => c.method === 'POST')!.body as { title: string; text: string };
      expect(created.title).toBe('Dropped notes');
      expect(created.text).not.toMatch(/javascript|script>/);
    });

    it("shows the service's refusal and creates nothing else", async () => {
      serve({
        'POST /api/vellum-new': {
          status: 400,
          body: { error: 'A new Vellum needs a title and some content, or neither.' },
        },
      });
      renderPage(<NewVellumPage />, '/new-vellum', '/new-vellum');
      await screen.findByRole('button', { name: texts.importMarkdown });
      await userEvent.upload(screen.getByTestId('markdown-file'), file('# Only a title\n'));
      const alert = await screen.findByTestId('import-notices');
      expect(alert.textContent).toContain(
        `${texts.importFailed} A new Vellum needs a title and some content, or neither.`,
      );
    });
  });

  describe('pasting Markdown into the editor', () => {
    const paste = (target: Element, data: Record<string, string>) =>
      fireEvent.paste(target, {
        clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
      });

    it('inserts formatted content for Markdown text, and plain text stays plain', async () => {
      serve({});
      renderPage(<NewVellumPage />, '/new-vellum', '/new-vellum');
      const body = await screen.findByRole('textbox', { name: 'Vellum text' });
      paste(body, { 'text/plain': '## Heading\n\n- [ ] task with **bold**\n' });
      await waitFor(() => expect(body.querySelector('h2')?.textContent).toBe('Heading'));
      expect(body.querySelector('ul[data-type="taskList"] strong')?.textContent).toBe('bold');
    });

    it('leaves a paste with HTML to the editor (no conversion)', async () => {
      serve({});
      renderPage(<NewVellumPage />, '/new-vellum', '/new-vellum');
      const body = await screen.findByRole('textbox', { name: 'Vellum text' });
      paste(body, { 'text/plain': '## Not converted', 'text/html': '<p>## Not converted</p>' });
      await waitFor(() => expect(body.textContent).toContain('## Not converted'));
      expect(body.querySelector('h2')).toBeNull();
    });
  });
});
