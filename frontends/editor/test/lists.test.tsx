import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VellumListPage from '../src/pages/VellumListPage';
import PublicVellumListPage from '../src/pages/PublicVellumListPage';
import DiscoverPage from '../src/pages/DiscoverPage';
import { SEARCH_DEBOUNCE_MS } from '../src/lists/useTextSearch';
import { ann, bob, listItem, renderPage, serve } from './helpers';

const annCirrus = {
  'GET /api/cirrus/ann': { body: { viewedCirrus: { i: ann.i, username: 'ann', displayName: 'Ann Lee' } } },
};
const list = (
  vellums = [
    listItem({ i: 'v1', title: 'Prompt Recipes' }),
    listItem({ i: 'v2', title: 'Groceries', is_public: true }),
  ],
) => ({
  'GET /api/cirrus/ann/vellums': { body: { vellums } },
});

describe("a cirrus's vellum list", () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is Not Found for a visitor (signed-in only)', async () => {
    serve({ ...annCirrus, ...list() }, null);
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await screen.findByTestId('not-found');
  });

  it('is Not Found when the account cannot be loaded', async () => {
    serve({ ...list() }, ann);
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await screen.findByTestId('not-found');
  });

  it('gives the owner the table, count, filter, text search and New Vellum, titled in the possessive', async () => {
    serve({ ...annCirrus, ...list() });
    const { router } = renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await screen.findByRole('heading', { name: "Ann Lee's Vellums" });
    expect(document.title).toBe("Ann Lee's Vellums");
    expect(screen.getByTestId('vellum-count').textContent).toBe('2 Vellums');
    screen.getByRole('searchbox', { name: 'Search in my Vellums' });
    expect(screen.getByRole('link', { name: 'New Vellum' }).getAttribute('href')).toBe('/new-vellum');
    // Each row's icon says its own visibility: Groceries is the public one.
    expect(screen.getByRole('img', { name: 'Private' }).closest('tr')!.textContent).toContain(
      'Prompt Recipes',
    );
    expect(screen.getByRole('img', { name: 'Public' }).closest('tr')!.textContent).toContain('Groceries');
    expect(screen.getAllByText('October 5, 2024').length).toBe(2);
    screen.getByRole('columnheader', { name: 'Last Edited' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter by title' }), 'GROC');
    expect(screen.getByTestId('vellum-count').textContent).toBe('1 Vellum');
    expect(screen.queryByText('Prompt Recipes')).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter by title' }), 'zzz');
    screen.getByText('No Vellums found.');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter by title' }));

    await userEvent.click(screen.getByText('Groceries').closest('tr')!);
    expect(router.state.location.pathname).toBe('/vellum/v2');
  });

  it("reads 'No Vellums yet.' when there are none", async () => {
    serve({ ...annCirrus, ...list([]) });
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await screen.findByText('No Vellums yet.');
    expect(screen.getByTestId('vellum-count').textContent).toBe('0 Vellums');
  });

  it('searches the text after an 800 ms pause from 2 characters, lower-cased; emptying restores the list', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = serve({
      ...annCirrus,
      ...list(),
      'GET /api/cirrus/ann/vellums?search=recipe': {
        body: {
          vellums: [
            {
              ...listItem({ i: 'v1', title: 'Prompt Recipes' }),
              snippet: { text: 'Two recipes for soup', marks: [{ start: 4, end: 11 }] },
              titleMarks: [{ start: 7, end: 14 }],
            },
          ],
          nextCursor: null,
          capped: false,
        },
      },
      'GET /api/cirrus/ann/vellums?search=xy': { status: 500, body: {} },
    });
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    const search = await screen.findByRole('searchbox', { name: 'Search in my Vellums' });
    await user.type(search, 'R');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(calls.some((call) => call.path.includes('?search='))).toBe(false);
    await user.type(search, 'ECIPE');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    expect(calls.some((call) => call.path.includes('?search='))).toBe(false);
    await act(() => jest.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.getByTestId('vellum-count').textContent).toBe('1 Vellum'));
    // The snippet, its found word marked; the private vellum's icon.
    expect(screen.getByTestId('vellum-snippet').textContent).toBe('Two recipes for soup');
    expect(screen.getByTestId('vellum-snippet').querySelector('mark')!.textContent).toBe('recipes');
    // The title's found word too, in the link to the vellum.
    const title = screen.getByRole('link', { name: 'Prompt Recipes' });
    expect([...title.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Recipes']);
    screen.getByRole('img', { name: 'Private' });
    expect(screen.queryByTestId('search-capped')).toBeNull();
    expect(calls.filter((call) => call.path.includes('?search=')).map((call) => call.path)).toEqual([
      '/api/cirrus/ann/vellums?search=recipe',
    ]);

    await user.clear(search);
    await user.type(search, 'xy');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await screen.findByText('No Vellums found.');

    await user.clear(search);
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await waitFor(() => expect(screen.getByTestId('vellum-count').textContent).toBe('2 Vellums'));
  });

  it("shows someone else's list without the owner's controls", async () => {
    serve({ ...annCirrus, ...list() }, bob);
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await screen.findByRole('heading', { name: "Ann Lee's Vellums" });
    expect(screen.queryByRole('searchbox', { name: 'Search in my Vellums' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New Vellum' })).toBeNull();
  });

  it('keeps a long list smooth: only the rows near the screen are in the page', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      listItem({ i: `v${index}`, title: `Vellum ${index}` }),
    );
    serve({ ...annCirrus, ...list(many) });
    renderPage(<VellumListPage />, '/cirrus/:username/vellums', '/cirrus/ann/vellums');
    await waitFor(() => expect(screen.getByTestId('vellum-count').textContent).toBe('10,000 Vellums'));
    const rows = screen.getByTestId('vellum-table').querySelectorAll('tr.vellum-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
  });
});

describe("a cirrus's public vellums", () => {
  it('lists only the public ones, with Title and Updated, for anyone', async () => {
    serve({ ...annCirrus, ...list() }, null);
    renderPage(<PublicVellumListPage />, '/cirrus/:username/vellums/public', '/cirrus/ann/vellums/public');
    await screen.findByRole('heading', { name: "Ann Lee's Public Vellums" });
    screen.getByText('Groceries');
    expect(screen.queryByText('Prompt Recipes')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Updated']);
  });
});

describe('Discover Vellums', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("reads 'No public Vellums in the entire world.' when there are none", async () => {
    serve({ 'GET /api/vellums': { body: { vellums: [], nextCursor: null } } }, null);
    renderPage(<DiscoverPage />, '/vellums', '/vellums');
    await screen.findByText('No public Vellums in the entire world.');
    screen.getByRole('heading', { name: 'Discover Vellums' });
    expect(document.title).toBe('Discover Vellums');
  });

  it("lists titles 'by {author}' with Updated, and loads the next page with the cursor", async () => {
    const calls = serve(
      {
        'GET /api/vellums': {
          body: { vellums: [listItem({ i: 'a', title: 'First', is_public: true })], nextCursor: 'c1' },
        },
        'GET /api/vellums?cursor=c1': {
          body: {
            vellums: [
              listItem({
                i: 'b',
                title: 'Second',
                is_public: true,
                owned_by_cirrus: { i: 'x', username: 'bob', display_name: '' },
              }),
            ],
            nextCursor: null,
          },
        },
      },
      null,
    );
    renderPage(<DiscoverPage />, '/vellums', '/vellums');
    await screen.findByText('First');
    screen.getByText('by Ann Lee');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Updated']);
    await userEvent.click(screen.getByRole('button', { name: 'More Vellums' }));
    await screen.findByText('Second');
    screen.getByText('by bob');
    expect(calls.map((call) => call.path)).toContain('/api/vellums?cursor=c1');
    expect(screen.queryByRole('button', { name: 'More Vellums' })).toBeNull();
  });

  it('searches public vellums after the pause, with snippets as text and marks, more by cursor', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    type Marks = Array<{ start: number; end: number }>;
    const hit = (i: string, title: string, text: string, marks: Marks, titleMarks: Marks = []) => ({
      ...listItem({ i, title, is_public: true }),
      snippet: { text, marks },
      titleMarks,
    });
    const calls = serve(
      {
        'GET /api/vellums': {
          body: { vellums: [listItem({ i: 'a', title: 'First', is_public: true })], nextCursor: null },
        },
        'GET /api/vellums?search=zebra': {
          body: {
            vellums: [
              hit(
                'z1',
                'Zebra facts',
                '<b>bold</b> zebra stripes',
                [{ start: 12, end: 17 }],
                [
                  { start: 0, end: 5 },
                  { start: 3, end: 9 }, // overlapping: skipped
                  { start: 8, end: 40 }, // past the title: skipped
                ],
              ),
            ],
            nextCursor: 'r1',
            capped: true,
          },
        },
        'GET /api/vellums?search=zebra&cursor=r1': {
          body: {
            vellums: [hit('z2', 'Savanna', 'a zebra herd', [{ start: 2, end: 7 }])],
            nextCursor: null,
            capped: true,
          },
        },
      },
      null,
    );
    renderPage(<DiscoverPage />, '/vellums', '/vellums');
    const box = await screen.findByRole('searchbox', { name: 'Search public Vellums' });
    await user.type(box, 'Zebra');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    const zebra = await screen.findByRole('link', { name: 'Zebra facts' });
    expect([...zebra.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Zebra']);
    expect(screen.queryByText('First')).toBeNull();
    const snippet = screen.getAllByTestId('vellum-snippet')[0]!;
    // The text is shown as text: no element comes from it, only the mark built from the range.
    expect(snippet.textContent).toBe('<b>bold</b> zebra stripes');
    expect(snippet.querySelector('b')).toBeNull();
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['zebra']);
    screen.getByText('by Ann Lee');
    // More matches than are ranked: said once the last page is shown, not before.
    expect(screen.queryByTestId('search-capped')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More Vellums' }));
    await screen.findByText('Savanna');
    expect(screen.getByTestId('search-capped').textContent).toBe(
      'These are the best matches among the 1,000 most recently edited Vellums that hold these words. Add a word to narrow the search.',
    );
    expect(calls.map((call) => call.path)).toContain('/api/vellums?search=zebra&cursor=r1');

    await user.clear(box);
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await screen.findByText('First');
    jest.useRealTimers();
  });
});
