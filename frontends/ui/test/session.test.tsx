import { act, render, screen, waitFor } from '@testing-library/react';
import { SessionProvider, pageNavigation, useSession, useTitle } from '../src';
import { ann } from '../test-support';

type Routes = Record<string, { status: number; body: unknown }>;

function serve(routes: Routes) {
  const fetchMock = jest.fn(async (path: string, _init?: RequestInit) => {
    const route = routes[path];
    if (!route) return new Response('{"error":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

let session: ReturnType<typeof useSession> | undefined;
function Probe() {
  session = useSession();
  useTitle('Hall');
  if (session.loading) return <p>loading</p>;
  return <p>{session.signedCirrus ? `signed in as ${session.signedCirrus.username}` : 'signed out'}</p>;
}

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

describe('session context', () => {
  const realFetch = global.fetch;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  it('reads the signed cirrus and the session flag', async () => {
    serve({
      '/api/sc': { status: 200, body: { signedCirrus: ann } },
      '/check_session': { status: 200, body: { authenticated: true } },
    });
    renderSession();
    await screen.findByText('signed in as ann');
    expect(session?.authenticated).toBe(true);
    expect(document.title).toBe('Hall');
  });

  it('treats a failing session call as signed out (only logged)', async () => {
    serve({ '/api/sc': { status: 500, body: { error: 'boom' } } });
    renderSession();
    await screen.findByText('signed out');
    expect(session?.authenticated).toBe(false);
    expect(console.error).toHaveBeenCalled();
  });

  it('refresh() asks the server again', async () => {
    const routes: Routes = {
      '/api/sc': { status: 200, body: { signedCirrus: null } },
      '/check_session': { status: 200, body: { authenticated: false } },
    };
    serve(routes);
    renderSession();
    await screen.findByText('signed out');
    routes['/api/sc'] = { status: 200, body: { signedCirrus: ann } };
    routes['/check_session'] = { status: 200, body: { authenticated: true } };
    let refreshed: unknown;
    await act(async () => {
      refreshed = await session!.refresh();
    });
    expect(refreshed).toEqual(ann);
    await screen.findByText('signed in as ann');
  });

  it('signOut() posts to the server (a GET signs out only a page navigation) and reloads the page', async () => {
    const fetchMock = serve({
      '/api/sc': { status: 200, body: { signedCirrus: ann } },
      '/check_session': { status: 200, body: { authenticated: true } },
      '/api/signout': { status: 200, body: {} },
    });
    const reload = jest.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    renderSession();
    await screen.findByText('signed in as ann');
    await act(() => session!.signOut());
    const signOutCall = fetchMock.mock.calls.find((call) => call[0] === '/api/signout');
    expect(signOutCall?.[1]?.method).toBe('POST');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
