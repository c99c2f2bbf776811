import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import CirrusPage from '../src/pages/CirrusPage';
import FollowersPage, { followersHeading } from '../src/pages/social/FollowersPage';
import FollowingPage from '../src/pages/social/FollowingPage';
import SearchPage, { resultLabel } from '../src/pages/social/SearchPage';
import { filterPeople } from '../src/pages/social/PeopleList';

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
type Handler = (method: string, url: URL) => Answer | undefined;

const me = {
  i: 'me-id',
  username: 'me.self',
  displayName: 'Me Self',
  name: 'Me Self',
  first_name: 'Me',
  last_name: 'Self',
  image: null,
};

const profile = (username: string, displayName: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { viewedCirrus: { i: `${username}-id`, username, displayName, display_name: displayName, ...extra } },
});

/** A fake gateway: the session, then whatever `handler` answers; everything else is a 404. */
function serve(signedIn: boolean, handler: Handler) {
  const calls: Array<{ method: string; path: string; at: number }> = [];
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(path, 'http://vellum.test');
    calls.push({ method, path: url.pathname + url.search, at: Date.now() });
    let answer: Answer | undefined;
    if (url.pathname === '/api/sc') answer = { status: 200, body: { signedCirrus: signedIn ? me : null } };
    else if (url.pathname === '/check_session') answer = { status: 200, body: { authenticated: signedIn } };
    else answer = handler(method, url);
    const { status, body } = (await answer) ?? {
      status: 404,
      body: { error: 'This Cirrus does not exist.' },
    };
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <SessionProvider>
      <ToastProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/cirrus/:username" element={<CirrusPage />} />
              <Route path="/cirrus/:username/followers" element={<FollowersPage />} />
              <Route path="/cirrus/:username/following" element={<FollowingPage />} />
              <Route path="/search" element={<SearchPage />} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

const follower = (username: string, display_name: string) => ({
  _doc: { i: `${username}-id`, username },
  image: '',
  display_name,
});
const followed = (username: string, display_name: string) => ({
  i: `${username}-id`,
  username,
  image: '',
  display_name,
});

describe('social pages', () => {
  const realFetch = global.fetch;
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  describe('followers', () => {
    const lists: Handler = (_method, url) => {
      if (url.pathname === '/api/cirrus/ann/followers') {
        return {
          status: 200,
          body: { followers: [follower('bob', 'Bob Stone'), follower('cy', 'Cy Young')], nextCursor: null },
        };
      }
      if (url.pathname === '/api/cirrus/ann') return profile('ann', 'Ann Lee');
      if (url.pathname === '/api/cirrus/james') return profile('james', 'James');
      if (url.pathname === '/api/cirrus/james/followers')
        return { status: 200, body: { followers: [], nextCursor: null } };
      return undefined;
    };

    it("shows visitors the heading '{name}'s Followers' and no filter; each follower links to its profile", async () => {
      serve(false, lists);
      renderAt('/cirrus/ann/followers');
      await screen.findByRole('heading', { name: "Ann Lee's Followers" });
      expect(screen.queryByRole('searchbox')).toBeNull();
      const links = within(screen.getByRole('list', { name: 'Followers' })).getAllByRole('link');
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/cirrus/bob', '/cirrus/cy']);
      expect(links[0]!.textContent).toContain('Bob Stone');
      expect(document.title).toBe("Ann Lee's Followers");
    });

    it("writes '{name}' Followers' for a name ending in s, and 'No Followers yet.' for nobody", async () => {
      serve(false, lists);
      renderAt('/cirrus/james/followers');
      await screen.findByRole('heading', { name: "James' Followers" });
      screen.getByText('No Followers yet.');
      expect(followersHeading('Ann')).toBe("Ann's Followers");
      expect(followersHeading('Chris')).toBe("Chris' Followers");
    });

    it('gives signed-in users a filter box instead of the visible heading', async () => {
      serve(true, lists);
      const user = userEvent.setup();
      renderAt('/cirrus/ann/followers');
      const filter = await screen.findByRole('searchbox', { name: 'Filter followers' });
      expect(screen.getByRole('heading', { name: "Ann Lee's Followers" }).className).toContain(
        'visually-hidden',
      );
      await user.type(filter, 'YOUNG');
      const links = within(screen.getByRole('list', { name: 'Followers' })).getAllByRole('link');
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/cirrus/cy']);
      await user.clear(filter);
      await user.type(filter, 'nobody');
      screen.getByText('No Cirri found.');
    });

    it('shows Not Found for an unknown cirrus', async () => {
      serve(false, () => undefined);
      renderAt('/cirrus/ghost/followers');
      await screen.findByTestId('not-found');
    });
  });

  describe('following', () => {
    it("shows 'Cirri {name} Is Following', 'Nothing to show here yet.' and no filter for visitors", async () => {
      serve(false, (_m, url) => {
        if (url.pathname === '/api/cirrus/ann') return profile('ann', 'Ann Lee');
        if (url.pathname === '/api/cirrus/ann/following')
          return { status: 200, body: { followings: [], nextCursor: null } };
        return undefined;
      });
      renderAt('/cirrus/ann/following');
      await screen.findByRole('heading', { name: 'Cirri Ann Lee Is Following' });
      screen.getByText('Nothing to show here yet.');
      expect(screen.queryByRole('searchbox')).toBeNull();
    });

    it('keeps the heading for signed-in users, adds the filter, and pages with Show more', async () => {
      // An opaque cursor, as the service makes them: the page hands it back as it came.
      const next = 'WyI3Il0';
      const calls = serve(true, (_m, url) => {
        if (url.pathname === '/api/cirrus/ann') return profile('ann', 'Ann Lee');
        if (url.pathname === '/api/cirrus/ann/following') {
          return url.searchParams.get('cursor') === next
            ? { status: 200, body: { followings: [followed('cy', 'Cy Young')], nextCursor: null } }
            : { status: 200, body: { followings: [followed('bob', 'Bob Stone')], nextCursor: next } };
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderAt('/cirrus/ann/following');
      await screen.findByRole('heading', { name: 'Cirri Ann Lee Is Following' });
      screen.getByRole('searchbox', { name: 'Filter cirri' });
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      await screen.findByText('Cy Young');
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
      expect(calls.map((c) => c.path)).toContain(`/api/cirrus/ann/following?cursor=${next}`);
    });
  });

  describe('profile', () => {
    function profileServer(status = { following: false, followers: 1, followingCount: 0 }) {
      let current = status;
      return serve(true, (method, url) => {
        if (url.pathname === '/api/cirrus/ann') {
          return profile('ann', 'Ann Lee', { location: 'Paris', summary: 'Writes notes.', image: '' });
        }
        if (url.pathname === '/api/cirrus/me.self') return profile('me.self', 'Me Self');
        if (url.pathname.endsWith('/follow')) {
          if (method === 'POST') current = { ...current, following: true, followers: current.followers + 1 };
          if (method === 'DELETE')
            current = { ...current, following: false, followers: current.followers - 1 };
          return { status: 200, body: current };
        }
        return undefined;
      });
    }

    it('shows the avatar, names, location, summary, counts and links', async () => {
      profileServer();
      renderAt('/cirrus/ann');
      await screen.findByRole('heading', { name: 'Ann Lee' });
      screen.getByText('@ann');
      screen.getByRole('img', { name: '@ann' });
      screen.getByText('Paris');
      screen.getByText('Writes notes.');
      expect((await screen.findByRole('link', { name: '1 Follower' })).getAttribute('href')).toBe(
        '/cirrus/ann/followers',
      );
      expect(screen.getByRole('link', { name: '0 Following' }).getAttribute('href')).toBe(
        '/cirrus/ann/following',
      );
      const nav = within(screen.getByRole('navigation', { name: 'Profile' }));
      expect(nav.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
        '/cirrus/ann/vellums',
        '/cirrus/ann/vellums/public',
        '/cirrus/ann/followers',
        '/cirrus/ann/following',
        '/link/ann',
      ]);
    });

    it('follows and unfollows for a signed-in visitor, updating the count', async () => {
      const calls = profileServer();
      const user = userEvent.setup();
      renderAt('/cirrus/ann');
      await user.click(await screen.findByRole('button', { name: 'Follow' }));
      await screen.findByRole('link', { name: '2 Followers' });
      await user.click(screen.getByRole('button', { name: 'Unfollow' }));
      await screen.findByRole('link', { name: '1 Follower' });
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/cirrus/ann/follow',
        'DELETE /api/cirrus/ann/follow',
      ]);
    });

    it('offers no Follow button to the owner or to visitors', async () => {
      profileServer();
      renderAt('/cirrus/me.self');
      await screen.findByRole('link', { name: '1 Follower' });
      expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Edit My Vielink' }).getAttribute('href')).toBe(
        '/link/me.self',
      );
    });

    it('shows Not Found when the cirrus cannot be loaded', async () => {
      serve(false, () => undefined);
      renderAt('/cirrus/ghost');
      await screen.findByTestId('not-found');
    });
  });

  describe('search', () => {
    it('is Not Found for visitors', async () => {
      serve(false, () => undefined);
      renderAt('/search');
      await screen.findByTestId('not-found');
    });

    it('asks the server 500 ms after typing stops, lists @username (display name) and opens the profile', async () => {
      let release!: () => void;
      const answered = new Promise<void>((resolve) => (release = resolve));
      const calls = serve(true, (_m, url) => {
        if (url.pathname !== '/api/search') return undefined;
        return answered.then(() => ({
          status: 200,
          body: {
            results: [
              { username: 'ann', display_name: 'Ann Lee' },
              { username: 'anna', display_name: '' },
            ],
          },
        }));
      });
      const user = userEvent.setup();
      renderAt('/search');
      const box = await screen.findByRole('combobox', { name: 'Search cirri' });
      const typedAt = Date.now();
      await user.type(box, 'An');
      const searches = () => calls.filter((c) => c.path.startsWith('/api/search'));
      expect(searches()).toEqual([]);
      await waitFor(() => expect(searches().map((c) => c.path)).toEqual(['/api/search?query=An']), {
        timeout: 2000,
      });
      expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
      // The overlay waits 500 ms from the request before it shows (measured from the request itself: waitFor above
      // may return well after it on a busy machine; 50 ms spare for the timers' granularity).
      const askedAt = searches()[0]!.at;
      expect(screen.queryByText('Searching…')).toBeNull();
      await screen.findByText('Searching…', {}, { timeout: 10_000 });
      expect(Date.now() - askedAt).toBeGreaterThanOrEqual(450);
      await act(async () => release());
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['@ann (Ann Lee)', '@anna']);
      expect(screen.queryByText('Searching…')).toBeNull();
      await user.click(options[0]!);
      expect(screen.getByTestId('where').textContent).toBe('/cirrus/ann');
    });

    it('chooses with the arrow keys and Enter', async () => {
      serve(true, (_m, url) =>
        url.pathname === '/api/search'
          ? {
              status: 200,
              body: { results: [{ username: 'ann', display_name: 'Ann Lee' }, { username: 'bob' }] },
            }
          : undefined,
      );
      const user = userEvent.setup();
      renderAt('/search');
      const box = await screen.findByRole('combobox', { name: 'Search cirri' });
      await user.type(box, 'a');
      await screen.findAllByRole('option', {}, { timeout: 10_000 });
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(screen.getByTestId('where').textContent).toBe('/cirrus/bob');
    });
  });

  it('labels and filters people as the spec says', () => {
    expect(resultLabel({ username: 'ann', display_name: 'Ann Lee' })).toBe('@ann (Ann Lee)');
    expect(resultLabel({ username: 'ann', display_name: '' })).toBe('@ann');
    const people = [
      { username: 'ann', displayName: 'Ann Lee' },
      { username: 'bob', displayName: 'Bob Stone' },
    ];
    expect(filterPeople(people, ' lee ')).toEqual([people[0]]);
    expect(filterPeople(people, 'BOB')).toEqual([people[1]]);
    expect(filterPeople(people, '')).toEqual(people);
  });
});
