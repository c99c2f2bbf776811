import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider, ToastProvider, type SignedCirrus } from '@vellum/ui';
import type { ActionsResponse, ActionView, RequestedActionView } from '@vellum/proto';

export const ann: SignedCirrus = {
  i: 'c-ann',
  username: 'ann',
  displayName: 'Ann Lee',
  image: null,
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
};

export const action = (i: string, text: string, priority: ActionView['priority'] = 'Medium'): ActionView => ({
  i,
  text,
  priority,
  created_at: '2024-10-05T12:00:00.000Z',
});

export const requested = (i: string, text: string, from = 'sam'): RequestedActionView => ({
  ...action(i, text, 'High'),
  cirrus_id: { i: `c-${from}`, username: from, display_name: 'Sam Stone' },
});

export const actions = (overrides: Partial<ActionsResponse> = {}): ActionsResponse => ({
  actionsHigh: [],
  actionsMedium: [],
  actionsLow: [],
  actionsRequested: [],
  outstandingActions: 0,
  ...overrides,
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body?: unknown };

/** A fake gateway: 'METHOD /path' → answer (or a function of the call); the session is `signedIn`'s. */
export function serve(
  routes: Record<string, Answer | ((call: Call) => Answer)>,
  signedIn: SignedCirrus | null = ann,
) {
  const calls: Call[] = [];
  const all: Record<string, Answer | ((call: Call) => Answer)> = {
    'GET /api/sc': { body: { signedCirrus: signedIn } },
    'GET /check_session': { body: { authenticated: Boolean(signedIn) } },
    ...routes,
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = all[`${call.method} ${call.path}`];
    if (!route) return new Response(JSON.stringify({ error: 'Not found.' }), { status: 404 });
    const answer = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
  }) as unknown as typeof fetch;
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `url` under `path` with the providers the shell gives a remote. */
export function renderAt(element: ReactElement, path: string, url: string) {
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
  render(
    <SessionProvider>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ToastProvider>
    </SessionProvider>,
  );
  return { router, queryClient };
}
