import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VellumPage from '../src/pages/VellumPage';
import { texts } from '../src/texts';
import { ann, bob, doc, renderPage, serve, vellumView } from './helpers';

const versionItem = (i: string, saved_at: string, size = 2048) => ({
  i,
  title: `Title ${i}`,
  saved_at,
  size,
});
const page = (isOwner: boolean, text = doc('Hello brave world')) => ({
  'GET /api/vellum/v1': { body: { vellum: vellumView({ text }), viewAuthorized: true, isOwner } },
});

describe('the History panel', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('is not there for anyone but the owner', async () => {
    serve(page(false), bob);
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    await screen.findByTestId('vellum-page');
    expect(screen.queryByRole('button', { name: texts.history })).toBeNull();
  });

  it('lists the versions newest first with date and size, pages on, and shows what changed', async () => {
    const calls = serve({
      ...page(true),
      'GET /api/vellum/v1/versions': {
        body: { versions: [versionItem('a', '2024-10-05T12:00:00.000Z', 512)], nextCursor: 'next' },
      },
      'GET /api/vellum/v1/versions?cursor=next': {
        body: { versions: [versionItem('b', '2024-10-04T09:30:00.000Z')], nextCursor: null },
      },
      'GET /api/vellum/v1/versions/b': {
        body: {
          version: {
            ...versionItem('b', '2024-10-04T09:30:00.000Z'),
            title: 'Notes on prompts',
            text: doc('Hello world'),
            problem: null,
          },
        },
      },
    });
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    const toggle = await screen.findByRole('button', { name: texts.history });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: texts.history });
    const list = await within(panel).findByRole('list', { name: texts.versionsLabel });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^October 5, 2024 at .*, 512 B$/)]);
    await userEvent.click(within(panel).getByRole('button', { name: texts.moreVersions }));
    const older = await within(list).findByRole('button', { name: /^October 4, 2024 at .*, 2\.0 KB$/ });
    expect(within(panel).queryByRole('button', { name: texts.moreVersions })).toBeNull();

    await userEvent.click(older);
    expect(older.getAttribute('aria-pressed')).toBe('true');
    const opened = await screen.findByRole('region', { name: /^Version of October 4, 2024/ });
    const changes = await within(opened).findByRole('list', { name: texts.changesSince });
    expect(within(changes).getByLabelText(`${texts.added}: brave`).tagName).toBe('INS');
    expect(calls.filter((c) => c.path.startsWith('/api/vellum/v1/versions')).map((c) => c.path)).toEqual([
      '/api/vellum/v1/versions',
      '/api/vellum/v1/versions?cursor=next',
      '/api/vellum/v1/versions/b',
    ]);

    await userEvent.click(within(opened).getByRole('button', { name: texts.versionText }));
    await within(opened).findByRole('textbox', { name: texts.versionTextLabel });
  });

  it('restores a version after the confirmation, through the restore call, and shows the restored text', async () => {
    let current = doc('Hello brave world');
    const calls = serve({
      'GET /api/vellum/v1': () => ({
        body: { vellum: vellumView({ text: current }), viewAuthorized: true, isOwner: true },
      }),
      'GET /api/vellum/v1/versions': {
        body: { versions: [versionItem('b', '2024-10-04T09:30:00.000Z')], nextCursor: null },
      },
      'GET /api/vellum/v1/versions/b': {
        body: {
          version: { ...versionItem('b', '2024-10-04T09:30:00.000Z'), text: doc('Old words'), problem: null },
        },
      },
      'POST /api/vellum/v1/versions/b/restore': () => {
        current = doc('Old words');
        return { body: { savedVellum: vellumView({ text: current }) } };
      },
    });
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    // An unsaved edit: the confirmation says the restore discards it.
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), ' draft');
    await userEvent.click(await screen.findByRole('button', { name: texts.history }));
    await userEvent.click(await screen.findByRole('button', { name: /^October 4, 2024/ }));
    const opened = await screen.findByTestId('open-version');
    const restore = within(opened).getByRole('button', { name: texts.restoreVersion });
    await waitFor(() => expect(restore).toHaveProperty('disabled', false));
    await userEvent.click(restore);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(texts.restoreConfirm);
    within(dialog).getByText(texts.restoreDropsEdits);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.restoreVersion }));
    await waitFor(() => expect(screen.queryByTestId('open-version')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/vellum/v1/versions/b/restore',
    ]);
    await screen.findByText('Old words');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
        'Notes on prompts',
      ),
    );
  });

  it('shows a version that no longer passes, with its reason, and offers no restore', async () => {
    const problem = `${texts.versionNotRestorable}: The document has a node of an unknown type.`;
    serve({
      ...page(true),
      'GET /api/vellum/v1/versions': {
        body: { versions: [versionItem('b', '2024-10-04T09:30:00.000Z')], nextCursor: null },
      },
      'GET /api/vellum/v1/versions/b': {
        body: {
          version: {
            ...versionItem('b', '2024-10-04T09:30:00.000Z'),
            text: JSON.stringify({
              type: 'doc',
              content: [{ type: 'marquee', content: [{ type: 'text', text: 'x' }] }],
            }),
            problem,
          },
        },
      },
    });
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    await userEvent.click(await screen.findByRole('button', { name: texts.history }));
    await userEvent.click(await screen.findByRole('button', { name: /^October 4, 2024/ }));
    const opened = await screen.findByTestId('open-version');
    await within(opened).findByText(problem);
    expect(within(opened).getByRole('button', { name: texts.restoreVersion })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says so when there are no versions yet', async () => {
    serve(
      { ...page(true), 'GET /api/vellum/v1/versions': { body: { versions: [], nextCursor: null } } },
      ann,
    );
    renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
    await userEvent.click(await screen.findByRole('button', { name: texts.history }));
    await screen.findByText(texts.noVersions);
  });
});
