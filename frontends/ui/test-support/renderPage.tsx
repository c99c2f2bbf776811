import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthModalsContext, SessionProvider, ToastProvider, type AuthModals } from '@vellum/ui';

/** The shell's sign-in and sign-up modals, as mocks: a test checks that a page asked for them. */
export const authModals: AuthModals & { openSignIn: jest.Mock; openSignUp: jest.Mock } = {
  openSignIn: jest.fn(),
  openSignUp: jest.fn(),
};

/** Shows where the router is, for tests of navigation. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderedPage {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  unmount(): void;
}

/**
 * Renders `element` at `url` under the route `path` with the providers the shell gives a remote (session, toasts,
 * auth modals, a query client) and a data router; any other path shows only where it is (the `location` test id).
 */
export function renderPage(element: ReactElement, path: string, url: string): RenderedPage {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { unmount } = render(
    <SessionProvider>
      <ToastProvider>
        <AuthModalsContext.Provider value={authModals}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AuthModalsContext.Provider>
      </ToastProvider>
    </SessionProvider>,
  );
  return { router, queryClient, unmount };
}
