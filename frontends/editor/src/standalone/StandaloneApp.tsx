import { useMemo, type ReactNode } from 'react';
import { Link, Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  AuthModalsContext,
  NotFound,
  SessionProvider,
  ToastProvider,
  paths,
  useSession,
  type AuthModals,
} from '@vellum/ui';
import ConversationVellumPage from '../pages/ConversationVellumPage';
import DiscoverPage from '../pages/DiscoverPage';
import NewVellumPage from '../pages/NewVellumPage';
import PublicVellumListPage from '../pages/PublicVellumListPage';
import VellumListPage from '../pages/VellumListPage';
import VellumPage from '../pages/VellumPage';

/** The editor's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const editorRoutes: RouteObject[] = [
  { path: '/cirrus/:username/vellums', element: <VellumListPage /> },
  { path: '/cirrus/:username/vellums/public', element: <PublicVellumListPage /> },
  { path: '/messenger/:conversation/:username', element: <ConversationVellumPage /> },
  { path: '/new-vellum', element: <NewVellumPage /> },
  { path: '/vellum/:id', element: <VellumPage /> },
  { path: '/vellums', element: <DiscoverPage /> },
  { path: '/', element: <DiscoverPage /> },
  { path: '*', element: <NotFound /> },
];

/** Without the shell there are no sign-in modals: sign in on the shell, the session cookie is the same. */
const standaloneAuthModals: AuthModals = {
  openSignIn: () => window.alert('Sign in through the Vellum app; this page then sees the same session.'),
  openSignUp: () => window.alert('Sign up through the Vellum app.'),
};

function StandaloneFrame({ children }: { children?: ReactNode }) {
  const { signedCirrus } = useSession();
  return (
    <AuthModalsContext.Provider value={standaloneAuthModals}>
      <header className="sticky-top bg-light border-bottom" data-testid="top-bar">
        <nav className="container d-flex gap-3 py-2" aria-label="Editor">
          <strong>Vellum editor (standalone)</strong>
          <Link to={paths.discover()}>Discover Vellums</Link>
          {signedCirrus ? <Link to={paths.vellums(signedCirrus.username)}>My Vellums</Link> : null}
          {signedCirrus ? <Link to={paths.newVellum()}>New Vellum</Link> : null}
        </nav>
      </header>
      <main>{children ?? <Outlet />}</main>
    </AuthModalsContext.Provider>
  );
}

/**
 * The editor on its own, for its team's development (`rsbuild dev` proxies the API to a gateway): the same
 * providers the shell gives a remote, with a data router so the leave-page prompt works.
 */
export function createStandaloneApp() {
  const router = createBrowserRouter([{ element: <StandaloneFrame />, children: editorRoutes }]);
  return function StandaloneApp() {
    const queryClient = useMemo(
      () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
      [],
    );
    return (
      <SessionProvider>
        <ToastProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ToastProvider>
      </SessionProvider>
    );
  };
}
