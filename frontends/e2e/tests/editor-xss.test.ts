import type { APIRequestContext } from 'playwright-core';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { armXssDetection, expectInert } from '../harness/xss';
import { signedInPerson, type Person } from '../harness/vellums';
import {
  CONFUSED_DOCS,
  MARKUP_PAYLOADS,
  QUOTED_URLS,
  URL_PAYLOADS,
  VIDEO_ONLY_PAYLOADS,
  imageDoc,
  linkDoc,
  textDoc,
  videoDoc,
} from '../harness/xssCorpus';

// The XSS corpus: payloads in titles and text are stored and shown as inert text; payloads in links, images and
// videos, and documents with attributes of the wrong type, are refused by the service. Nothing ever runs in
// Chromium: no dialog, no window.__pwned.
const { product, browser } = useProductAndBrowser();
let ann: Person;

const SAFE_DOC = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Body' }] }],
});

beforeAll(async () => {
  ann = await signedInPerson(browser(), product().url, 'xss');
  await armXssDetection(ann.page);
});

async function create(request: APIRequestContext, title: string, text: unknown) {
  return request.post('/api/vellum-new', {
    data: { title, text: typeof text === 'string' ? text : JSON.stringify(text) },
  });
}

describe('the XSS corpus', () => {
  const created: string[] = [];
  let tried = 0;

  it('stores payload titles as text and shows them inert on their pages and in the lists', async () => {
    const { page } = ann;
    for (const payload of MARKUP_PAYLOADS) {
      const title = payload.slice(0, 92);
      const response = await create(page.request, title, SAFE_DOC);
      tried += 1;
      expect(response.status()).toBe(201);
      const { savedVellum } = (await response.json()) as { savedVellum: { i: string } };
      created.push(savedVellum.i);
      expect((await page.request.put(`/api/vellum/publish/${savedVellum.i}`)).ok()).toBe(true);
      await page.goto(`/vellum/${savedVellum.i}`);
      const titleBox = page.getByRole('textbox', { name: 'Title' });
      // The first visit loads the editor remote: on a busy machine that may take a while.
      await titleBox.waitFor({ timeout: 30_000 }).catch(() => undefined);
      const shown = await titleBox.inputValue().catch(async (error: unknown) => {
        throw new Error(`${payload}: ${String(error)}\n${await page.locator('main').innerHTML()}`);
      });
      expect(shown).toBe(title.trim());
      await expectInert(ann);
    }
    await page.goto(`/cirrus/${ann.user.username}/vellums`);
    await page
      .getByTestId('vellum-count')
      .filter({ hasText: `${MARKUP_PAYLOADS.length} Vellums` })
      .waitFor();
    await expectInert(ann);
    await page.goto('/vellums');
    await page.getByRole('heading', { name: 'Discover Vellums' }).waitFor();
    await page.getByTestId('vellum-table').waitFor();
    await expectInert(ann);
    // One page load per payload: about 10 s on a quiet machine, several times that on a busy CI runner.
  }, 180_000);

  it('stores payload text as text and shows it inert, read-only and in the editor', async () => {
    const { page } = ann;
    const response = await create(page.request, 'Payloads as text', textDoc());
    tried += MARKUP_PAYLOADS.length;
    expect(response.status()).toBe(201);
    const { savedVellum } = (await response.json()) as { savedVellum: { i: string } };
    await page.goto(`/vellum/${savedVellum.i}`);
    const body = page.getByRole('textbox', { name: 'Vellum text' });
    await body.getByText(MARKUP_PAYLOADS[2]!, { exact: true }).waitFor();
    await expect(
      body.locator('script, iframe[src^="javascript"], img[src="x"], svg, object, embed').count(),
    ).resolves.toBe(0);
    await expectInert(ann);
    await page.getByRole('button', { name: 'Saved' }).click();
    await page.getByRole('button', { name: 'Edit View' }).waitFor();
    await body.getByText(MARKUP_PAYLOADS[2]!, { exact: true }).waitFor();
    await expectInert(ann);
  });

  it.each([
    ['link', linkDoc, URL_PAYLOADS],
    ['image', imageDoc, URL_PAYLOADS],
    ['video', videoDoc, [...URL_PAYLOADS, ...VIDEO_ONLY_PAYLOADS]],
  ] as const)('refuses every unsafe address in a %s', async (_field, make, payloads) => {
    for (const payload of payloads) {
      const response = await create(ann.page.request, 'Unsafe address', make(payload));
      tried += 1;
      expect({ payload, status: response.status() }).toEqual({ payload, status: 400 });
    }
  });

  it('keeps addresses with quotes and markup in them inert when they are stored', async () => {
    const { page } = ann;
    for (const url of QUOTED_URLS) {
      for (const make of [linkDoc, imageDoc]) {
        const response = await create(page.request, 'Quoted address', make(url));
        tried += 1;
        if (response.status() !== 201) {
          expect(response.status()).toBe(400);
          continue;
        }
        const { savedVellum } = (await response.json()) as { savedVellum: { i: string } };
        await page.goto(`/vellum/${savedVellum.i}`);
        await page.getByRole('textbox', { name: 'Vellum text' }).waitFor();
        await expectInert(ann);
      }
    }
  });

  it('refuses attribute type confusion and unknown node types, marks and attributes', async () => {
    for (const [what, document] of CONFUSED_DOCS) {
      const response = await create(ann.page.request, 'Confused', document);
      tried += 1;
      expect({ what, status: response.status() }).toEqual({ what, status: 400 });
    }
    // The same documents through the save of an existing vellum.
    for (const [what, document] of CONFUSED_DOCS) {
      const response = await ann.page.request.post(`/api/vellum/${created[0]}`, {
        data: { title: 'Still safe', text: JSON.stringify(document) },
      });
      tried += 1;
      expect({ what, status: response.status() }).toEqual({ what, status: 400 });
    }
  });

  it('tried at least 100 payloads, and nothing ever ran', async () => {
    expect(tried).toBeGreaterThanOrEqual(100);
    await ann.page.goto(`/vellum/${created[0]}`);
    await expectInert(ann);
    expect(ann.dialogs.filter((dialog) => !dialog.startsWith('beforeunload'))).toEqual([]);
    expect(ann.pageErrors).toEqual([]);
  });
});
