import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fallbackPlugin from '../src/federation/runtime-plugins/fallback';
import { RetryableLazy } from '../src/federation/RetryableLazy';
import { RemoteLoadError, isRemoteLoadError } from '../src/federation/RemoteLoadError';
import { LAZY_LOAD_TIMEOUT_MS, withTimeout } from '../src/federation/withTimeout';

describe('remote fallback plugin', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers a failed load with a module whose component throws the load error', async () => {
    const plugin = fallbackPlugin();
    const hook = plugin.errorLoadRemote as (args: unknown) => unknown;
    expect(
      hook({ id: 'editor/VellumPage', lifecycle: 'afterResolve', error: new Error('x') }),
    ).toBeUndefined();
    const module = (await hook({
      id: 'editor/VellumPage',
      lifecycle: 'onLoad',
      error: new Error('fetch failed'),
      remote: { name: 'editor' },
    })) as { default: () => never };
    expect(() => module.default()).toThrow(RemoteLoadError);
  });
});

describe('withTimeout', () => {
  it('raises the load error after 120 s', async () => {
    jest.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const result = withTimeout(never, LAZY_LOAD_TIMEOUT_MS, () => new RemoteLoadError('chat', 'too slow'));
    jest.advanceTimersByTime(LAZY_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    result.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    const error = await result.catch((e: unknown) => e);
    expect(isRemoteLoadError(error)).toBe(true);
  });
  afterEach(() => jest.useRealTimers());
});

describe('RetryableLazy', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the error with Retry inside the page, and Retry loads again', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new RemoteLoadError('editor', 'down'))
      .mockResolvedValueOnce({ default: () => <p>Remote page</p> });
    render(<RetryableLazy name="editor" label="Vellums" load={load} />);
    await screen.findByText('Vellums could not be loaded.');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await screen.findByText('Remote page');
    expect(load).toHaveBeenNthCalledWith(1, 0);
    expect(load).toHaveBeenNthCalledWith(2, 1);
  });

  it('keeps a crash inside a remote page in the page', async () => {
    function Broken(): never {
      throw new Error('bug');
    }
    render(<RetryableLazy name="links" label="Vielink" load={() => Promise.resolve({ default: Broken })} />);
    await screen.findByText('Vielink stopped working.');
  });
});
