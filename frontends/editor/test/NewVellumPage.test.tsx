import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VellumNode } from '@vellum/proto/editor';
import userEvent from '@testing-library/user-event';
import NewVellumPage from '../src/pages/NewVellumPage';
import { draftKey, drafts } from '../src/vellum/drafts';
import { doc, renderPage, serve } from './helpers';

const page = (url = '/new-vellum') => renderPage(<NewVellumPage />, '/new-vellum', url);

describe('the new-vellum page', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('is Not Found for a visitor', async () => {
    serve({}, null);
    page();
    await screen.findByTestId('not-found');
  });

  it("has the title, 'Vellum of Knowledge', the editor and 'Create Vellum'", async () => {
    serve({});
    page();
    await screen.findByText('Vellum of Knowledge');
    screen.getByRole('textbox', { name: 'Title' });
    screen.getByRole('textbox', { name: 'Vellum text' });
    screen.getByRole('button', { name: 'Create Vellum' });
    expect(screen.getByRole('link', { name: /My Vellums/ }).getAttribute('href')).toBe('/cirrus/ann/vellums');
  });

  it("applies the small toolbar's marks and lists to the text, and creates the vellum with them", async () => {
    drafts.write(draftKey('ann', 'new'), { title: 'Marked', text: doc('Kept body'), savedAt: Date.now() });
    const calls = serve({ 'POST /api/vellum-new': { body: { savedVellum: { i: 'v9' } } } });
    const { router } = page();
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const body = screen.getByRole('textbox', { name: 'Vellum text' });
    await waitFor(() => expect(body.textContent).toBe('Kept body'));
    const apply = async (label: string) => {
      fireEvent.keyDown(body, { key: 'a', ctrlKey: true }); // select all
      const button = within(toolbar).getByRole('button', { name: label });
      await userEvent.click(button);
      expect(button.getAttribute('aria-pressed')).toBe('true');
    };

    await apply('Bold');
    expect(body.querySelector('strong')?.textContent).toBe('Kept body');
    await apply('Italic');
    expect(body.querySelector('em')?.textContent).toBe('Kept body');
    await apply('Underline');
    expect(body.querySelector('u')?.textContent).toBe('Kept body');
    await apply('Ordered list');
    expect(body.querySelector('ol > li')?.textContent).toBe('Kept body');
    await apply('Bullet list');
    expect(body.querySelector('ul > li')?.textContent).toBe('Kept body');
    expect(body.querySelector('ol')).toBeNull();

    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/vellum/v9'));
    const sent = calls.find((call) => call.method === 'POST')?.body as { text: string };
    const kinds = new Set<string>();
    const walk = (node: VellumNode) => {
      kinds.add(node.type);
      for (const mark of node.marks ?? []) kinds.add(`mark:${mark.type}`);
      node.content?.forEach(walk);
    };
    walk(JSON.parse(sent.text) as VellumNode);
    expect(
      ['mark:bold', 'mark:italic', 'mark:underline', 'bulletList'].filter((kind) => !kinds.has(kind)),
    ).toEqual([]);
    expect(kinds.has('orderedList')).toBe(false);
  });

  it("asks for a title and some content: 'Give your new Vellum a title and some content.'", async () => {
    const calls = serve({});
    page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Only a title');
    await userEvent.click(screen.getByRole('button', { name: 'Create Vellum' }));
    expect((await screen.findByTestId('vellum-error')).textContent).toBe(
      'Give your new Vellum a title and some content.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates with Control + Enter and opens the new vellum', async () => {
    drafts.write(draftKey('ann', 'new'), {
      title: 'Kept title',
      text: doc('Kept body'),
      savedAt: Date.now(),
    });
    const calls = serve({ 'POST /api/vellum-new': { body: { savedVellum: { i: 'v9' } } } });
    const { router } = page();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('Kept title'));
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/vellum/v9'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Kept title',
      text: doc('Kept body'),
    });
    expect(drafts.read(draftKey('ann', 'new'))).toBeNull();
  });

  it("shows the create failure's text when the server refuses", async () => {
    drafts.write(draftKey('ann', 'new'), { title: 'T', text: doc('B'), savedAt: Date.now() });
    serve({ 'POST /api/vellum-new': { status: 400, body: { error: 'nope' } } });
    page();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('T'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Vellum' }));
    expect((await screen.findByTestId('vellum-error')).textContent).toBe(
      'Give your new Vellum a title and some content.',
    );
  });

  it('creates an empty vellum and opens it (the side panel variant)', async () => {
    const calls = serve({ 'POST /api/vellum-new': { body: { savedVellum: { i: 'v7' } } } });
    const { router } = page('/new-vellum?empty=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vellum/v7'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { title: '', text: '' },
    ]);
  });
});
