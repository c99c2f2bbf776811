import type { SignedCirrus } from '@vellum/ui';
import { ann } from './cirri';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown };

/**
 * A fake gateway in place of `fetch`: `routes` maps 'METHOD /path' to an answer (or a function of the call), and
 * anything else is a 404; the session calls answer for `signedIn`. Returns every call, recorded in order.
 */
export function serve(
  routes: Record<string, Answer | ((call: Call) => Answer)>,
  signedIn: SignedCirrus | null = ann,
): Call[] {
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
