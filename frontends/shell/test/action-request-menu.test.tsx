import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionProvider } from '@vellum/ui/core';
import FollowersPage from '../src/pages/social/FollowersPage';

// The remote's modal stands in as what the shell hands it: the follower, and a way to close.
jest.mock('../src/federation/RemoteModule', () => ({
  RemoteModule: ({
    remote,
    module,
    props,
  }: {
    remote: string;
    module: string;
    props: { recipient: unknown };
  }) => (
    <output data-testid="remote">{JSON.stringify({ remote, module, recipient: props.recipient })}</output>
  ),
}));

const me = {
  i: 'ann-id',
  username: 'ann',
  displayName: 'Ann Lee',
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  image: null,
};

function serve() {
  global.fetch = jest.fn(async (path: string) => {
    const url = new URL(path, 'http://vellum.test');
    const answers: Record<string, unknown> = {
      '/api/sc': { signedCirrus: me },
      '/check_session': { authenticated: true },
      '/api/cirrus/ann': { viewedCirrus: { i: 'ann-id', username: 'ann', displayName: 'Ann Lee' } },
      '/api/cirrus/bob': { viewedCirrus: { i: 'bob-id', username: 'bob', displayName: 'Bob Stone' } },
      '/api/cirrus/ann/followers': {
        followers: [{ _doc: { i: 'bob-id', username: 'bob' }, image: '', display_name: 'Bob Stone' }],
        nextCursor: null,
      },
      '/api/cirrus/bob/followers': {
        followers: [{ _doc: { i: 'ann-id', username: 'ann' }, image: '', display_name: 'Ann Lee' }],
        nextCursor: null,
      },
    };
    const body = answers[url.pathname];
    return new Response(JSON.stringify(body ?? { error: 'Not found.' }), { status: body ? 200 : 404 });
  }) as unknown as typeof fetch;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <SessionProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/cirrus/:username/followers" element={<FollowersPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
}

describe("the owner's 'Action Request' item on the followers page", () => {
  it('opens the actions remote’s New Action Request modal for that follower', async () => {
    serve();
    renderAt('/cirrus/ann/followers');
    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(screen.queryByTestId('remote')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'More for @bob' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Action Request' }));
    expect(JSON.parse(screen.getByTestId('remote').textContent!)).toEqual({
      remote: 'actions',
      module: 'ActionRequestModal',
      recipient: { i: 'bob-id', username: 'bob', displayName: 'Bob Stone' },
    });
  });

  it('is not there on someone else’s followers', async () => {
    serve();
    renderAt('/cirrus/bob/followers');
    await screen.findByRole('list', { name: 'Followers' });
    expect(screen.queryByRole('button', { name: /More for/ })).toBeNull();
  });
});
