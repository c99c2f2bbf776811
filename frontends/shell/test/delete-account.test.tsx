import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { deleteAccountMessages } from '@vellum/proto/api';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { DeleteAccountSection } from '../src/pages/profile/DeleteAccountSection';

type Call = { method: string; path: string; body?: Record<string, unknown> };
const ann = { i: 'ann-id', username: 'ann', displayName: 'Ann Lee', name: 'Ann Lee', image: null };

/** A fake gateway: Ann is signed in until the deletion with `password` succeeds; a wrong one is refused. */
function serve(password: string) {
  const calls: Call[] = [];
  let signedIn: typeof ann | null = ann;
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path, body });
    let answer = { status: 404, body: { error: 'Not found.' } as object };
    if (path === '/api/sc') answer = { status: 200, body: { signedCirrus: signedIn } };
    else if (method === 'POST' && path === '/api/cirrus/ann/delete') {
      if (body?.password === password) {
        signedIn = null;
        answer = { status: 200, body: {} };
      } else answer = { status: 400, body: { error: deleteAccountMessages.wrongPassword, code: 'invalid' } };
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <SessionProvider>
      <ToastProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/cirrus/ann/edit']}>
            <Routes>
              <Route path="/cirrus/:username/edit" element={<DeleteAccountSection username="ann" />} />
              <Route path="/" element={<p>Welcome page</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

describe('the Delete Account section', () => {
  it('asks for the password in a named modal, shows a refusal, then deletes, signs out and goes home', async () => {
    const calls = serve('Correct-Horse9');
    const user = userEvent.setup();
    renderSection();
    expect(screen.getByText(deleteAccountMessages.explanation)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(confirm);
    expect((await screen.findByRole('alert')).textContent).toBe(deleteAccountMessages.wrongPassword);
    expect(dialog.isConnected).toBe(true);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse9');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Welcome page');
    await screen.findByText(deleteAccountMessages.deleted);
    const deletes = calls.filter((c) => c.path === '/api/cirrus/ann/delete');
    expect(deletes.map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'Correct-Horse9' }]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/sc').length).toBeGreaterThanOrEqual(2));
  });
});
