// The shell shares its react-router-dom with every remote (federation.shared.ts provides
// src/federation/shared/react-router-dom.ts as the singleton): one router, one context. A remote's page mounted by
// RemoteRoute under the shell's router reads the shell's location and parameters with the shared module's hooks,
// and its links and navigate() move the shell's router. A second copy of react-router (a remote bundling its own,
// or the shared module importing another instance) has contexts of its own and sees no router at all.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import * as routerDom from 'react-router-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import * as shared from '../src/federation/shared/react-router-dom';
import { applyRemoteConfig } from '../src/federation/remoteConfig';
import { RemoteRoute } from '../src/federation/RemoteRoute';
import RemoteLikePage from './fixtures/RemoteLikePage';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('../src/app/queryScope', () => ({
  QueryScope: ({ children }: { children: React.ReactNode }) => children,
}));

/**
 * What react-router-dom exports that the shared module leaves out on purpose: framework mode, server rendering,
 * RSC and the server runtime (cookies, sessions, request handlers). A new export of the package must be added to
 * the shared module or here.
 */
const SERVER_AND_FRAMEWORK_EXPORTS = [
  'HydratedRouter',
  'Links',
  'Meta',
  'PrefetchPageLinks',
  'Scripts',
  'ServerRouter',
  'StaticRouter',
  'StaticRouterProvider',
  'UNSAFE_FrameworkContext',
  'UNSAFE_RSCDefaultRootErrorBoundary',
  'UNSAFE_RemixErrorBoundary',
  'UNSAFE_ServerMode',
  'UNSAFE_SingleFetchRedirectSymbol',
  'UNSAFE_WithComponentProps',
  'UNSAFE_WithErrorBoundaryProps',
  'UNSAFE_WithHydrateFallbackProps',
  'UNSAFE_createClientRoutes',
  'UNSAFE_createClientRoutesWithHMRRevalidationOptOut',
  'UNSAFE_decodeViaTurboStream',
  'UNSAFE_getHydrationData',
  'UNSAFE_getPatchRoutesOnNavigationFunction',
  'UNSAFE_getTurboStreamSingleFetchDataStrategy',
  'UNSAFE_hydrationRouteProperties',
  'UNSAFE_shouldHydrateRouteLoader',
  'UNSAFE_useFogOFWarDiscovery',
  'UNSAFE_withComponentProps',
  'UNSAFE_withErrorBoundaryProps',
  'UNSAFE_withHydrateFallbackProps',
  'createCookie',
  'createCookieSessionStorage',
  'createMemorySessionStorage',
  'createRequestHandler',
  'createRoutesStub',
  'createSession',
  'createSessionStorage',
  'createStaticHandler',
  'createStaticRouter',
  'isCookie',
  'isSession',
  'unstable_RSCStaticRouter',
  'unstable_routeRSCServerRequest',
  'unstable_setDevServerHooks',
];

/** The shell's own location, beside the remote's page: what the shell's router says. */
function ShellLocation() {
  const location = useLocation();
  return <p>shell at {location.pathname + location.search}</p>;
}

function renderShell(initialPath: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/cirrus/:username/actions',
        element: (
          <>
            <ShellLocation />
            <RemoteRoute remote="actions" module="ActionsPage" />
          </>
        ),
      },
      { path: '/about', element: <ShellLocation /> },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the react-router-dom the shell shares with remotes', () => {
  beforeEach(() => {
    applyRemoteConfig({ actions: '/mf/actions/mf-manifest.json' });
    jest.mocked(loadRemote).mockResolvedValue({ default: RemoteLikePage });
  });
  afterEach(() => jest.clearAllMocks());

  it("is the shell's router: a remote's page reads the shell's location and parameters, and follows its navigation", async () => {
    const router = renderShell('/cirrus/ann/actions');
    await screen.findByText("in the shell's router: true");
    expect(loadRemote).toHaveBeenCalledWith('actions/ActionsPage');
    expect(screen.getByText('remote sees /cirrus/ann/actions')).toBeTruthy();
    expect(screen.getByText('remote param ann')).toBeTruthy();

    await act(() => router.navigate('/cirrus/bob/actions?new=1'));
    expect(screen.getByText('remote sees /cirrus/bob/actions?new=1')).toBeTruthy();
    expect(screen.getByText('remote param bob')).toBeTruthy();
  });

  it("moves the shell's router when the remote's page links or navigates", async () => {
    const router = renderShell('/cirrus/ann/actions');
    const link = await screen.findByRole('link', { name: 'remote link' });
    await act(() => userEvent.click(link));
    expect(router.state.location.pathname + router.state.location.search).toBe('/cirrus/bob/actions?new=1');
    expect(screen.getByText('shell at /cirrus/bob/actions?new=1')).toBeTruthy();
    expect(screen.getByText('remote sees /cirrus/bob/actions?new=1')).toBeTruthy();

    await act(() => userEvent.click(screen.getByRole('button', { name: 'remote navigate' })));
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.getByText('shell at /about')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'remote' })).toBeNull();
  });

  it('is what tells a second copy of react-router apart: a copy of its own sees no router', async () => {
    // The failure this guards against: a remote (or the shared module) on another react-router instance.
    let copy: typeof routerDom | undefined;
    jest.isolateModules(() => {
      jest.doMock('react', () => React);
      copy = jest.requireActual<typeof routerDom>('react-router');
    });
    expect(copy!.useInRouterContext).not.toBe(shared.useInRouterContext);
    const seen: Record<string, boolean> = {};
    function Probe() {
      seen.shared = shared.useInRouterContext();
      seen.copy = copy!.useInRouterContext();
      return null;
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Probe /> }])} />);
    expect(seen).toEqual({ shared: true, copy: false });
  });

  it("is the package's own API, less only the server and framework exports listed here", () => {
    const omitted = new Set(SERVER_AND_FRAMEWORK_EXPORTS);
    const missing = Object.keys(routerDom).filter((name) => !(name in shared) && !omitted.has(name));
    expect(missing).toEqual([]);
    // Each shared export is the package's own (the same instance), and nothing listed as left out is shared.
    for (const [name, value] of Object.entries(shared)) {
      expect([name, value]).toEqual([name, (routerDom as Record<string, unknown>)[name]]);
    }
    expect(SERVER_AND_FRAMEWORK_EXPORTS.filter((name) => name in shared)).toEqual([]);
  });
});
