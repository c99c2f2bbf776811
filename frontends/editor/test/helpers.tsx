import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  AuthModalsContext,
  SessionProvider,
  ToastProvider,
  type AuthModals,
  type SignedCirrus,
} from '@vellum/ui';
import type { VellumListItem, VellumView } from '@vellum/proto';

export const ann: SignedCirrus = {
  i: 'c-ann',
  username: 'ann',
  displayName: 'Ann Lee',
  image: null,
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
};

export const bob: SignedCirrus = { ...ann, i: 'c-bob', username: 'bob', displayName: 'Bob', name: 'Bob' };

export const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

export function listItem(overrides: Partial<VellumListItem> = {}): VellumListItem {
  return {
    i: 'v1',
    title: 'Notes on prompts',
    last_edited: '2024-10-05T12:00:00.000Z',
    is_new: false,
    is_public: false,
    cirrus_i: ann.i,
    owned_by_cirrus: { i: ann.i, username: 'ann', display_name: 'Ann Lee' },
    ...overrides,
  };
}

export function vellumView(overrides: Partial<VellumView> = {}): VellumView {
  return { ...listItem(), text: doc('Hello world'), created_at: '2024-10-01T12:00:00.000Z', ...overrides };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | ((call: Call) => { status?: number; body?: unknown });

/**
 * A fake server: `routes` maps 'METHOD /path' to an answer; the session calls answer for `signedIn`. Every call
 * is recorded.
 */
export function serve(routes: Record<string, Answer>, signedIn: SignedCirrus | null = ann) {
  const calls: Call[] = [];
  const all: Record<string, Answer> = {
    'GET /api/sc': { body: { signedCirrus: signedIn } },
    'GET /check_session': { body: { authenticated: Boolean(signedIn) } },
    ...routes,
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const route = all[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    const answer = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
  }) as unknown as typeof fetch;
  return calls;
}

export const authModals: AuthModals & { openSignIn: jest.Mock; openSignUp: jest.Mock } = {
  openSignIn: jest.fn(),
  openSignUp: jest.fn(),
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `url` under `path`, with the providers the shell gives a remote and a data router. */
export interface RenderedPage {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  unmount(): void;
}

export function renderPage(element: ReactElement, path: string, url: string): RenderedPage {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
          </>
        ),
      },
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
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
  return { unmount: result.unmount, router, queryClient };
}
