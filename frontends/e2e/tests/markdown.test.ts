import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { toMarkdown } from '@vellum/proto/markdown';
import type { VellumNode } from '@vellum/proto/editor';
import { richDocument } from '@vellum/proto/test/fixtures/vellum-documents';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signedInPerson, type Person } from '../harness/vellums';

// Markdown in and out through the editor remote (issue 18): a vellum with every toolbar feature is exported from
// its page, that very file is imported on the new-vellum page, and the import exports to the same bytes; then the
// owner downloads all their vellums as a zip.
const { product, browser } = useProductAndBrowser();
let ann: Person;
const TITLE = 'Every *feature* #1';

/** Clicks `name` and answers the bytes of the download it starts. */
async function download(page: Page, name: string): Promise<{ name: string; bytes: Buffer; path: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path), path };
}

describe('Markdown in and out', () => {
  let exported: { name: string; bytes: Buffer; path: string };

  beforeAll(async () => {
    ann = await signedInPerson(browser(), product().url, 'md');
    const created = await ann.page.request.post('/api/vellum-new', {
      data: { title: TITLE, text: JSON.stringify(richDocument) },
    });
    expect(created.status()).toBe(201);
    const { savedVellum } = (await created.json()) as { savedVellum: { i: string } };
    await ann.page.goto(`/vellum/${savedVellum.i}`);
  });

  it('exports a vellum from its page as the Markdown file of its title', async () => {
    exported = await download(ann.page, 'Export Markdown');
    expect(exported.name).toBe('every-feature-1.md');
    const text = exported.bytes.toString('utf8');
    expect(text).toBe(`# Every \\*feature\\* \\#1\n\n${toMarkdown(richDocument as VellumNode)}`);
    expect(text).toMatch(/[-*] \[x\] done\n\n {2}- \[ \] nested todo/);
  });

  it('imports that file through the file picker as a new vellum, which exports to the same bytes', async () => {
    const { page } = ann;
    const first = page.url();
    await page.goto('/new-vellum');
    await page.getByRole('button', { name: 'Import Markdown' }).waitFor();
    await page.getByTestId('markdown-file').setInputFiles(exported.path);
    await page.waitForURL((url) => /\/vellum\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== first);
    await page
      .getByRole('textbox', { name: 'Vellum text' })
      .getByText('nested todo', { exact: true })
      .waitFor();
    await expect(page.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe(TITLE);
    const again = await download(page, 'Export Markdown');
    expect(again.name).toBe(exported.name);
    expect(again.bytes.equals(exported.bytes)).toBe(true);
  });

  it('shows what an import leaves out, and stores none of it', async () => {
    const { page } = ann;
    await page.goto('/new-vellum');
    await page.getByTestId('markdown-file').setInputFiles({
      name: 'hostile.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Hostile\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>\n'),
    });
    const notices = page.getByTestId('import-notices');
    await notices.getByText('A link to an address other than http, https or mailto was removed').waitFor();
    await notices.getByText('HTML other than <u> and <br> was removed.').waitFor();
    await notices.getByRole('link', { name: 'Open the imported Vellum' }).click();
    await page.getByRole('textbox', { name: 'Vellum text' }).getByText('click').waitFor();
    const html = await page.getByRole('textbox', { name: 'Vellum text' }).innerHTML();
    expect(html).not.toMatch(/javascript:|onerror|<img/);
  });

  it("downloads all of the owner's vellums as a zip of Markdown files", async () => {
    const { page } = ann;
    await page.goto(`/cirrus/${ann.user.username}/vellums`);
    const zip = await download(page, 'Export all (zip)');
    expect(zip.name).toBe(`${ann.user.username}-vellums.zip`);
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files).sort()).toEqual(['every-feature-1-2.md', 'every-feature-1.md', 'hostile.md']);
    expect(strFromU8(files['every-feature-1.md']!)).toBe(exported.bytes.toString('utf8'));
    expect(strFromU8(files['every-feature-1-2.md']!)).toBe(exported.bytes.toString('utf8'));
    // The text kept of the dropped link and image: 'click ' (its last space written as a reference).
    expect(strFromU8(files['hostile.md']!)).toBe('# Hostile\n\nclick&#32;\n');
    expect(ann.pageErrors).toEqual([]);
  });
});
