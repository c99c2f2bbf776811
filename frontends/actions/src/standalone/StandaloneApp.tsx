import { useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  AuthModalsContext,
  Button,
  Form,
  NotFound,
  SessionProvider,
  ToastProvider,
  paths,
  useSession,
  type AuthModals,
} from '@vellum/ui';
import ActionsPage from '../pages/ActionsPage';
import ActionRequestModal, { type ActionRequestRecipient } from '../requests/ActionRequestModal';

/** Tries the request modal without the shell's followers page: a follower's id and username typed by hand. */
function RequestTrial() {
  const [recipient, setRecipient] = useState<ActionRequestRecipient>({ i: '', username: '' });
  const [open, setOpen] = useState(false);
  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h4">Action request</h1>
      <Form.Control
        className="mb-2"
        placeholder="Follower's cirrus id"
        value={recipient.i}
        onChange={(event) => setRecipient({ ...recipient, i: event.target.value })}
      />
      <Form.Control
        className="mb-2"
        placeholder="Follower's username"
        value={recipient.username}
        onChange={(event) => setRecipient({ ...recipient, username: event.target.value })}
      />
      <Button variant="info" onClick={() => setOpen(true)}>
        Action Request
      </Button>
      <ActionRequestModal recipient={open ? recipient : null} onClose={() => setOpen(false)} />
    </div>
  );
}

/** The actions remote's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const actionsRoutes: RouteObject[] = [
  { path: '/cirrus/:username/actions', element: <ActionsPage /> },
  { path: '/request', element: <RequestTrial /> },
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
        <nav className="container d-flex gap-3 py-2" aria-label="Actions">
          <strong>Vellum actions (standalone)</strong>
          {signedCirrus ? <Link to={paths.actions(signedCirrus.username)}>My Actions</Link> : null}
          {signedCirrus ? <Link to={paths.newAction(signedCirrus.username)}>New Action</Link> : null}
          <Link to="/request">Action request</Link>
        </nav>
      </header>
      <main>{children ?? <Outlet />}</main>
    </AuthModalsContext.Provider>
  );
}

/** The actions remote on its own, for its team's development (`rsbuild dev` proxies the API to a gateway). */
export function createStandaloneApp() {
  const router = createBrowserRouter([{ element: <StandaloneFrame />, children: actionsRoutes }]);
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
