import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import VellumPage from '../src/pages/VellumPage';
import { draftKey, drafts } from '../src/vellum/drafts';
import { texts } from '../src/texts';
import type { SignedCirrus } from '@vellum/ui';
import { ann, authModals, bob, doc, renderPage, savedAnswer, serve, vellumView } from './helpers';

const open = (routes: Parameters<typeof serve>[0], signedIn: SignedCirrus | null = ann) => {
  const calls = serve(routes, signedIn);
  const page = renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
  return { calls, ...page };
};

const ownPage = (overrides = {}) => ({
  'GET /api/vellum/v1': { body: { vellum: vellumView(overrides), viewAuthorized: true, isOwner: true } },
});

describe('the vellum page', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows Not Found when the server does not authorise the viewer', async () => {
    open({ 'GET /api/vellum/v1': { body: { vellum: null, viewAuthorized: false, isOwner: false } } }, bob);
    await screen.findByTestId('not-found');
    expect(document.title).toBe('Not Found');
  });

  it('shows Not Found for a missing vellum', async () => {
    open({}, null);
    await screen.findByTestId('not-found');
  });

  it('treats a vellum that fails to load as empty, with the dismissible alert', async () => {
    open({ 'GET /api/vellum/v1': { status: 500, body: { error: 'boom' } } });
    const alert = await screen.findByTestId('vellum-error');
    expect(alert.textContent).toContain(texts.loadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByTestId('vellum-error')).toBeNull();
  });

  it("puts the owner in edit mode, with 'Saved', Save and its hint, the badge and Delete", async () => {
    open(ownPage());
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Notes on prompts');
    expect(title.getAttribute('maxlength')).toBe('92');
    screen.getByRole('button', { name: 'Saved' });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    screen.getByText('Control + Enter to Save');
    screen.getByRole('button', { name: 'Delete' });
    expect(screen.getByTestId('visibility-badge').textContent).toBe('Private');
    screen.getByText('Updated on October 5, 2024');
    expect(screen.getByRole('link', { name: /Other Vellums/ }).getAttribute('href')).toBe(
      '/cirrus/ann/vellums',
    );
    screen.getByRole('toolbar', { name: 'Formatting' });
    expect(screen.getByRole('textbox', { name: 'Vellum text' }).textContent).toContain('Hello world');
    expect(document.title).toBe('Notes on prompts');
  });

  it("reads 'Discard Changes' once the title changes, and Discard reloads the vellum", async () => {
    const { calls } = open(ownPage());
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, '!');
    const discard = screen.getByRole('button', { name: 'Discard Changes' });
    await userEvent.click(discard);
    await screen.findByRole('button', { name: 'Saved' });
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Notes on prompts',
    );
    expect(calls.filter((call) => call.path === '/api/vellum/v1' && call.method === 'GET').length).toBe(2);
  });

  it("switches to the read-only view with 'Saved' and back with 'Edit View'", async () => {
    open(ownPage());
    await userEvent.click(await screen.findByRole('button', { name: 'Saved' }));
    screen.getByRole('heading', { name: 'Notes on prompts' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Vellum text' }).getAttribute('contenteditable')).toBe(
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit View' }));
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Notes on prompts',
    );
  });

  it("refuses to save an empty title with 'Vellum should have at least a title'", async () => {
    const { calls } = open(ownPage());
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('vellum-error')).textContent).toBe(
      'Vellum should have at least a title',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves title and text (a JSON string) with Control + Enter, then reloads', async () => {
    const { calls } = open({ ...ownPage(), 'POST /api/vellum/v1': savedAnswer() });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' v2');
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('button', { name: 'Saved' });
    const save = calls.find((call) => call.method === 'POST')!;
    expect(save.path).toBe('/api/vellum/v1');
    expect(save.body).toEqual({ title: 'Notes on prompts v2', text: doc('Hello world'), baseRevision: 1 });
    expect(calls.filter((call) => call.path === '/api/vellum/v1' && call.method === 'GET').length).toBe(2);
  });

  it("compares the text with the loaded vellum: 'Discard Changes' after an edit, 'Saved' once it is undone or saved", async () => {
    const { calls } = open({ ...ownPage(), 'POST /api/vellum/v1': savedAnswer() });
    await screen.findByRole('button', { name: 'Saved' });
    const box = screen.getByRole('textbox', { name: 'Vellum text' });
    const editor = (box as unknown as { editor: Editor }).editor;
    const key = draftKey('ann', 'v1');

    act(() => void editor.chain().focus('end').insertContent(' again').run());
    await screen.findByRole('button', { name: 'Discard Changes' });
    expect(
      screen.getByTestId('vellum-page').querySelector('[data-saved-text]')?.getAttribute('data-saved-text'),
    ).toBe('false');
    // The draft is the document as it is 300 ms after the last change.
    act(() => void editor.chain().insertContent('!').run());
    await waitFor(() => expect(drafts.read(key)?.text).toBe(doc('Hello world again!')));

    // Undone (in as many steps as the history grouped the edits into), it is the loaded text again: loading the
    // vellum is not a step that undo takes back.
    act(() => {
      while (editor.commands.undo());
    });
    expect(editor.getText()).toBe('Hello world');
    await screen.findByRole('button', { name: 'Saved' });
    expect(drafts.read(key)).toBeNull();

    act(() => void editor.chain().insertContent(' v2').run());
    await screen.findByRole('button', { name: 'Discard Changes' });
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('button', { name: 'Saved' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Notes on prompts',
      text: doc('Hello world v2'),
      baseRevision: 1,
    });
    // Compared with what was saved now: undoing the saved edit is a change.
    act(() => void editor.commands.undo());
    await screen.findByRole('button', { name: 'Discard Changes' });
  });

  it("shows 'Error updating the Vellum.' with the server's reason when a save fails", async () => {
    open({
      ...ownPage(),
      'POST /api/vellum/v1': {
        status: 400,
        body: { error: 'Links may only point to http, https or mailto addresses.' },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId('vellum-error');
    expect(alert.textContent).toContain('Error updating the Vellum.');
    expect(alert.textContent).toContain('Links may only point to http, https or mailto addresses.');
  });

  it('keeps unsaved edits in the browser and offers them back on return', async () => {
    const first = open(ownPage());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), ' draft');
    await waitFor(() => expect(drafts.read(draftKey('ann', 'v1'))?.title).toBe('Notes on prompts draft'));
    first.unmount();

    open(ownPage());
    const offer = await screen.findByTestId('draft-offer');
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Notes on prompts draft',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(drafts.read(draftKey('ann', 'v1'))).toBeNull();
  });

  it('asks before leaving with unsaved edits', async () => {
    const { router } = open(ownPage());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await act(() => router.navigate('/vellums'));
    await screen.findByText('You have unsaved changes? Do you want to discard your edits?');
    await userEvent.click(screen.getByRole('button', { name: texts.stay }));
    expect(router.state.location.pathname).toBe('/vellum/v1');
    await act(() => router.navigate('/vellums'));
    await userEvent.click(await screen.findByRole('button', { name: texts.discard }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vellums'));
  });

  it('makes a vellum public through the confirmation modal, then reloads it', async () => {
    let isPublic = false;
    const { calls } = open({
      'GET /api/vellum/v1': () => ({
        body: { vellum: vellumView({ is_public: isPublic }), viewAuthorized: true, isOwner: true },
      }),
      'PUT /api/vellum/publish/v1': () => {
        isPublic = true;
        return { body: {} };
      },
      'GET /api/vellum/v1/score': {
        body: { score: null, scoreStyle: 'secondary', ratingsRequired: 3, ratings: 0, myRating: null },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Public' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'If you make this Vellum public, everyone will be able to view it. Make it public?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Public' }));
    await waitFor(() => expect(screen.getByTestId('visibility-badge').textContent).toBe('Public'));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/vellum/publish/v1')).toBe(true);
    expect((await screen.findByTestId('score-badge')).textContent).toBe(
      'Not rated yet: 3 more ratings needed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make Private' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'If you make this Vellum private, no one will be able to view it but you. Make it private?',
    );
  });

  it("deletes after 'Delete this Vellum?' and goes to the owner's list", async () => {
    const { router } = open({ ...ownPage(), 'DELETE /api/vellum/v1': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete this Vellum?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cirrus/ann/vellums'));
  });

  it("shows 'Error deleting the Vellum.' when the delete fails", async () => {
    open({ ...ownPage(), 'DELETE /api/vellum/v1': { status: 500, body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('vellum-error')).textContent).toBe('Error deleting the Vellum.');
  });

  describe('for someone else', () => {
    const publicPage = {
      'GET /api/vellum/v1': {
        body: { vellum: vellumView({ is_public: true }), viewAuthorized: true, isOwner: false },
      },
      'GET /api/vellum/v1/score': {
        body: { score: 'good', scoreStyle: 'primary', ratingsRequired: 0, ratings: 4, myRating: null },
      },
      'PUT /api/vellum/v1/score/excellent': { body: {} },
    };

    it("is read-only with 'Vellum by {author}' and no owner controls", async () => {
      open(publicPage, bob);
      await screen.findByText('Vellum by Ann Lee');
      screen.getByRole('heading', { name: 'Notes on prompts' });
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(screen.queryByRole('toolbar')).toBeNull();
      expect(screen.getByRole('link', { name: /Other Vellums/ }).getAttribute('href')).toBe(
        '/cirrus/ann/vellums/public',
      );
    });

    it('rates from the score modal and fetches the score again', async () => {
      const { calls } = open(publicPage, bob);
      await userEvent.click(await screen.findByTestId('score-badge'));
      const dialog = await screen.findByRole('dialog', { name: 'How do you rate this Vellum?' });
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(expect.arrayContaining(['Bad', 'Good', 'Excellent']));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Excellent' }));
      await waitFor(() =>
        expect(calls.filter((call) => call.path === '/api/vellum/v1/score').length).toBe(2),
      );
      expect(
        calls.some((call) => call.method === 'PUT' && call.path === '/api/vellum/v1/score/excellent'),
      ).toBe(true);
    });

    it('sends a visitor who clicks the score to the sign-in modal', async () => {
      authModals.openSignIn.mockClear();
      open(publicPage, null);
      await userEvent.click(await screen.findByTestId('score-badge'));
      expect(authModals.openSignIn).toHaveBeenCalledWith({ next: '/vellum/v1' });
    });
  });
});
