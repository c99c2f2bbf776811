import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vellum/ui';
import VellumPage from '../src/pages/VellumPage';
import { draftKey, drafts } from '../src/vellum/drafts';
import { isRetried, retryDelay, saveFailureOf, SaveTimedOut, withTimeout } from '../src/vellum/saveFailure';
import { texts } from '../src/texts';
import { doc, renderPage, savedAnswer, serve, vellumView } from './helpers';

type Answer = { status?: number; body?: unknown };

const pageAnswer = (overrides = {}) => ({
  body: { vellum: vellumView(overrides), viewAuthorized: true, isOwner: true },
});

/** The owner's page, its saves answered by `answer` in turn (a thrown error is the network failing). */
function open(saveAnswers: Array<() => Answer>, page: () => Answer = () => pageAnswer()) {
  const calls = serve({
    'GET /api/vellum/v1': page,
    'POST /api/vellum/v1': () => (saveAnswers.length > 1 ? saveAnswers.shift()! : saveAnswers[0]!)(),
  });
  const rendered = renderPage(<VellumPage />, '/vellum/:id', '/vellum/v1');
  return { calls, saves: () => calls.filter((c) => c.method === 'POST'), ...rendered };
}

const networkDown = (): Answer => {
  throw new TypeError('Failed to fetch');
};
const status = () => screen.getByTestId('save-status');
const titleBox = async () => (await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement;

async function editAndSave(words: string) {
  await userEvent.type(await titleBox(), words);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('a save that is never silently lost (issue 28)', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends the revision it loaded, then the one each save answers', async () => {
    const { saves } = open([() => savedAnswer({ title: 'Notes on prompts!', revision: 2 })]);
    await editAndSave('!');
    await screen.findByRole('button', { name: 'Saved' });
    await editAndSave('?');
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves().map((s) => (s.body as { baseRevision: number }).baseRevision)).toEqual([1, 2]);
  });

  it('keeps the edits when the network fails, says so, shows offline, and saves when the browser is back online', async () => {
    const answers = [networkDown];
    const { saves, router } = open(answers);
    await editAndSave(' offline');
    await waitFor(() => expect(status().textContent).toContain(texts.notSavedOffline));
    expect(within(status()).getByText(texts.offline)).toBeTruthy();
    expect((await titleBox()).value).toBe('Notes on prompts offline');
    screen.getByRole('button', { name: 'Discard Changes' });
    expect(screen.queryByTestId('vellum-error')).toBeNull();
    await waitFor(() => expect(drafts.read(draftKey('ann', 'v1'))?.title).toBe('Notes on prompts offline'));
    // Leaving still asks while the save is pending.
    await act(() => router.navigate('/vellums'));
    await screen.findByText(texts.unsavedChanges);
    await userEvent.click(screen.getByRole('button', { name: texts.stay }));

    answers[0] = () => savedAnswer({ title: 'Notes on prompts offline' });
    act(() => void window.dispatchEvent(new Event('online')));
    await screen.findByRole('button', { name: 'Saved' });
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.body).toEqual({
      title: 'Notes on prompts offline',
      text: doc('Hello world'),
      baseRevision: 1,
    });
    expect(status().textContent).toBe(texts.savedAfterRetry);
    expect(status().getAttribute('data-offline')).toBe('false');
    expect(drafts.read(draftKey('ann', 'v1'))).toBeNull();
  });

  it('tries a save that met a 5xx again by itself after 2 seconds', async () => {
    const answers = [() => ({ status: 503, body: { error: 'Unavailable.' } }), () => savedAnswer()];
    const { saves } = open(answers);
    await editAndSave('!');
    await waitFor(() => expect(status().textContent).toContain(texts.notSavedRetrying));
    expect(status().getAttribute('data-offline')).toBe('false');
    expect(saves()).toHaveLength(1);
    await screen.findByRole('button', { name: 'Saved' }, { timeout: 4_000 });
    expect(saves()).toHaveLength(2);
    expect(status().textContent).toBe(texts.savedAfterRetry);
  });

  it('shows the browser’s offline state while it lasts', async () => {
    open([() => savedAnswer()]);
    await titleBox();
    expect(status().textContent).toBe('');
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(within(status()).getByText(texts.offline)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(status().textContent).toBe('');
  });

  it('does not try a refused save again: the spec’s message, nothing pending', async () => {
    const { saves } = open([() => ({ status: 400, body: { error: 'Bad document.' } })]);
    await editAndSave('!');
    const alert = await screen.findByTestId('vellum-error');
    expect(alert.textContent).toContain(texts.saveFailed);
    expect(status().textContent).toBe('');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(saves()).toHaveLength(1);
  });

  describe('when the vellum was saved elsewhere since it was loaded', () => {
    const conflict = () => ({ status: 409, body: { error: texts.changedElsewhere, code: 'conflict' } });
    const theirs = () => pageAnswer({ title: 'Their title', text: doc('Their words'), revision: 5 });

    it('offers both choices; Keep mine saves the edits over the revision read again', async () => {
      let loads = 0;
      const { saves } = open(
        [conflict, () => savedAnswer({ title: 'Notes on prompts mine', revision: 6 })],
        () => (++loads === 1 ? pageAnswer() : theirs()),
      );
      await editAndSave(' mine');
      const choice = await screen.findByTestId('save-conflict');
      expect(choice.textContent).toContain(texts.changedElsewhere);
      const keep = within(choice).getByRole('button', { name: texts.keepMine });
      within(choice).getByRole('button', { name: texts.loadTheirs });
      expect(keep.getAttribute('aria-describedby')).toBeTruthy();
      expect((await titleBox()).value).toBe('Notes on prompts mine');
      await userEvent.click(keep);
      await screen.findByRole('button', { name: 'Saved' });
      expect(saves()[1]!.body).toMatchObject({ title: 'Notes on prompts mine', baseRevision: 5 });
      expect(screen.queryByTestId('save-conflict')).toBeNull();
      expect((await titleBox()).value).toBe('Notes on prompts mine');
    });

    it('Load theirs shows the other version and drops the edits and their draft', async () => {
      let loads = 0;
      const { saves } = open([conflict], () => (++loads === 1 ? pageAnswer() : theirs()));
      await editAndSave(' mine');
      const choice = await screen.findByTestId('save-conflict');
      await waitFor(() => expect(drafts.read(draftKey('ann', 'v1'))).not.toBeNull());
      await userEvent.click(within(choice).getByRole('button', { name: texts.loadTheirs }));
      await waitFor(() =>
        expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
          'Their title',
        ),
      );
      screen.getByText('Their words');
      await screen.findByRole('button', { name: 'Saved' });
      expect(screen.queryByTestId('save-conflict')).toBeNull();
      expect(drafts.read(draftKey('ann', 'v1'))).toBeNull();
      expect(saves()).toHaveLength(1);
    });
  });
});

describe('what a failed save is', () => {
  it.each<[string, unknown, string, boolean]>([
    ['no network (status 0)', new ApiError(0, 'unreachable'), 'network', true],
    ['no answer in time', new SaveTimedOut('late'), 'timeout', true],
    ['a 503', new ApiError(503, 'down'), 'server', true],
    ['a 500', new ApiError(500, 'boom'), 'server', true],
    ['a 409', new ApiError(409, 'changed'), 'conflict', false],
    ['a 400', new ApiError(400, 'bad'), 'refused', false],
    ['a 401', new ApiError(401, 'signed out'), 'refused', false],
    ['a bug of the page', new TypeError('a bug'), 'refused', false],
  ])('%s is %s', (_name, error, kind, retried) => {
    const failure = saveFailureOf(error);
    expect([failure, isRetried(failure)]).toEqual([kind, retried]);
  });

  it('waits 2, 5, 10 s, then 30 s between tries', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
  });

  it('gives up on a call without an answer in time, and leaves one that answers alone', async () => {
    const hanging = (signal: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    await expect(withTimeout(hanging, 10)).rejects.toBeInstanceOf(SaveTimedOut);
    await expect(withTimeout(async () => 'answered', 10)).resolves.toBe('answered');
    await expect(withTimeout(() => Promise.reject(new ApiError(500, 'x')), 1_000)).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
