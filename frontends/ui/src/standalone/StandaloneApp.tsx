import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// By the package's name, not by a relative path: in a remote's build '@vellum/ui' is the shared module its pages
// read the session and toasts from, so the providers below must come from that very module.
import {
  AuthModalsContext,
  SessionProvider,
  ToastProvider,
  useSession,
  type AuthModals,
  type SignedCirrus,
} from '@vellum/ui';

export interface StandaloneAppOptions {
  /** The remote's name: 'editor' titles the bar 'Vellum editor (standalone)' and names its nav 'Editor'. */
  name: string;
  /** The remote's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx), and a catch-all. */
  routes: RouteObject[];
  /** The top bar's links, in order, for the signed-in cirrus (null for a visitor). */
  links(signedCirrus: SignedCirrus | null): Array<{ to: string; label: string }>;
}

/** Without the shell there are no sign-in modals: sign in on the shell, the session cookie is the same. */
const standaloneAuthModals: AuthModals = {
  openSignIn: () => window.alert('Sign in through the Vellum app; this page then sees the same session.'),
  openSignUp: () => window.alert('Sign up through the Vellum app.'),
};

function StandaloneFrame({ name, links }: Omit<StandaloneAppOptions, 'routes'>) {
  const { signedCirrus } = useSession();
  return (
    <AuthModalsContext.Provider value={standaloneAuthModals}>
      <header className="sticky-top bg-light border-bottom" data-testid="top-bar">
        <nav className="container d-flex gap-3 py-2" aria-label={name[0]!.toUpperCase() + name.slice(1)}>
          <strong>Vellum {name} (standalone)</strong>
          {links(signedCirrus).map((link) => (
            <Link key={link.label} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </AuthModalsContext.Provider>
  );
}

/**
 * A remote on its own, for its team's development (`rsbuild dev` proxies the API to a gateway): the same providers
 * the shell gives a remote, with a data router so that blockers (the editor's leave-page prompt) work.
 */
export function createStandaloneApp({ name, routes, links }: StandaloneAppOptions) {
  const router = createBrowserRouter([
    { element: <StandaloneFrame name={name} links={links} />, children: routes },
  ]);
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

/** Renders the standalone app into the page's #root (a remote's src/bootstrap.tsx). */
export function mountStandaloneApp(options: StandaloneAppOptions): void {
  const App = createStandaloneApp(options);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
