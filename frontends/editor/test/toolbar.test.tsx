import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { urlMessages, validateVellumDocument, type VellumNode } from '@vellum/proto/editor';
import VellumPage from '../src/pages/VellumPage';
import { renderPage, savedAnswer, serve, vellumView } from './helpers';

function types(node: VellumNode, into = new Set<string>()): Set<string> {
  into.add(node.type);
  for (const mark of node.marks ?? []) into.add(`mark:${mark.type}`);
  for (const child of node.content ?? []) types(child, into);
  return into;
}

function find(node: VellumNode, type: string): VellumNode | undefined {
  if (node.type === type) return node;
  for (const child of node.content ?? []) {
    const found = find(child, type);
    if (found) return found;
  }
  return undefined;
}

describe('the full toolbar', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('runs each table action on the table around the cursor, and offers only those that apply', async () => {
    serve({
      'GET /api/vellum/v1': {
        body: { vellum: vellumView({ text: '' }), viewAuthorized: true, isOwner: true },
      },
    });
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const body = screen.getByRole('textbox', { name: 'Vellum text' });
    /** The table in the document, as its rows' cells: 'h' a header cell, 'c' a body cell. */
    const shape = () =>
      Array.from(body.querySelectorAll('table tr')).map((row) =>
        Array.from(row.querySelectorAll('th, td'))
          .map((cell) => (cell.tagName === 'TH' ? 'h' : 'c'))
          .join(''),
      );
    /** Opens the Table menu (which works out what applies to the selection of that moment). */
    const menu = async () => {
      await userEvent.click(within(toolbar).getByRole('button', { name: 'Table' }));
      return screen.findByRole('button', { name: 'Insert Table' });
    };
    // react-bootstrap marks a disabled menu item with aria-disabled (and ignores its clicks), not `disabled`.
    const enabled = (label: string) =>
      screen.getByRole('button', { name: label }).getAttribute('aria-disabled') !== 'true';
    const run = async (label: string) => {
      await menu();
      expect(enabled(label)).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: label }));
    };

    // Outside a table, nothing but Insert Table applies.
    await menu();
    expect(
      ['Delete Table', 'Add Column After', 'Add Row After', 'Delete Row', 'Merge Cells'].filter(enabled),
    ).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Insert Table' }));
    expect(shape()).toEqual(['hh', 'cc']); // 2x2 with a header row

    await run('Add Column After');
    expect(shape()).toEqual(['hhh', 'ccc']);
    await run('Add Column Before');
    expect(shape()).toEqual(['hhhh', 'cccc']);
    await run('Delete Column');
    expect(shape()).toEqual(['hhh', 'ccc']);
    await run('Add Row After');
    expect(shape()).toHaveLength(3);
    await run('Add Row Before');
    expect(shape()).toHaveLength(4);
    await run('Delete Row');
    expect(shape()).toHaveLength(3);

    // A single cell (no cell selection, nothing merged) can be neither merged nor split; the browser test
    // (frontends/e2e/tests/editor-vellums.test.ts) merges header cells with a real cell selection.
    await menu();
    for (const label of ['Merge Cells', 'Split Cell', 'Toggle Cell Merge'])
      expect(enabled(label)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Table' }));
    expect(body.querySelector('table')).toBeNull();
  });

  it('makes a document the service accepts, and refuses unsafe addresses on the way', async () => {
    const calls = serve({
      'GET /api/vellum/v1': {
        body: { vellum: vellumView({ text: '' }), viewAuthorized: true, isOwner: true },
      },
      'POST /api/vellum/v1': savedAnswer(),
    });
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const tool = (name: string) => within(toolbar).getByRole('button', { name });

    for (const name of ['Bold', 'Italic', 'Underline', 'Heading 2', 'Blockquote', 'Inline code']) {
      await userEvent.click(tool(name));
      expect(tool(name).getAttribute('aria-pressed')).toBe('true');
      await userEvent.click(tool(name));
    }

    await userEvent.click(tool('Todo list'));
    expect(tool('Todo list').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(tool('Todo list'));

    const prompt = jest.spyOn(window, 'prompt').mockReturnValueOnce('javascript:alert(1)');
    await userEvent.click(tool('Image'));
    expect((await screen.findByTestId('vellum-error')).textContent).toBe(urlMessages.image);
    prompt.mockReturnValueOnce('https://example.com/cat.png');
    await userEvent.click(tool('Image'));

    const body = screen.getByRole('textbox', { name: 'Vellum text' });
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('');
    await userEvent.click(tool('Video'));
    const videoDialog = await screen.findByRole('dialog', { name: 'Embed a Video' });
    await userEvent.type(
      within(videoDialog).getByLabelText('Video link'),
      'https://www.youtube.com/watch?v=short',
    );
    await userEvent.click(within(videoDialog).getByRole('button', { name: 'Embed' }));
    within(videoDialog).getByText(urlMessages.video);
    await userEvent.clear(within(videoDialog).getByLabelText('Video link'));
    await userEvent.type(within(videoDialog).getByLabelText('Video link'), 'https://youtu.be/dQw4w9WgXcQ');
    await userEvent.click(within(videoDialog).getByRole('button', { name: 'Embed' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Embed a Video' })).toBeNull());

    expect(body.querySelector('iframe')?.getAttribute('title')).toBe('Embedded video');
    await userEvent.click(tool('Link'));
    const url = screen.getByRole('textbox', { name: 'Link URL' });
    expect(url.getAttribute('placeholder')).toBe(window.location.origin);
    await userEvent.type(url, 'javascript:alert(1){Enter}');
    screen.getByText(urlMessages.link);
    await userEvent.clear(url);
    await userEvent.type(url, 'example.com/page{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Link URL' })).toBeNull();
    await userEvent.click(tool('Link'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Link URL' })).toBeNull();

    await userEvent.click(tool('Table'));
    await userEvent.click(await screen.findByRole('button', { name: 'Insert Table' }));
    await userEvent.click(tool('Code block'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Code language' }), 'typescript');
    await userEvent.click(tool('Table'));
    expect(screen.getByRole('button', { name: 'Add Row After' }).getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Row After' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!.body as { title: string; text: string };
    const checked = validateVellumDocument(sent.text);
    expect(checked).toMatchObject({ ok: true });
    const doc = JSON.parse(sent.text) as VellumNode;
    expect([...types(doc)]).toEqual(
      expect.arrayContaining([
        'table',
        'tableRow',
        'tableHeader',
        'tableCell',
        'image',
        'youtube',
        'codeBlock',
        'mark:link',
      ]),
    );
    expect(find(doc, 'table')!.content!.length).toBe(3);
    expect(find(doc, 'codeBlock')!.attrs).toEqual({ language: 'typescript' });
    expect(find(doc, 'image')!.attrs!.src).toBe('https://example.com/cat.png');
    expect(find(doc, 'youtube')!.attrs!.src).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });
});
