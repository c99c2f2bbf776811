import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { sessionMessages, validationMessages } from '@vellum/proto/api';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { ChangePasswordSection } from '../src/pages/profile/ChangePasswordSection';
import { SessionsSection } from '../src/pages/profile/SessionsSection';

type Call = { method: string; path: string; body?: Record<string, unknown> };
const ann = { i: 'ann-id', username: 'ann', displayName: 'Ann Lee', name: 'Ann Lee', image: null };
const session = (key: string, device: string, current = false) => ({
  key,
  device,
  createdAt: '2026-05-01T08:00:00.000Z',
  lastSeenAt: '2026-05-02T09:30:00.000Z',
  current,
});

/** A fake gateway: Ann signed in on three browsers; the password is `password`. */
function serve(password: string, options: { failList?: boolean } = {}) {
  const calls: Call[] = [];
  let sessions = [
    session('k-this', 'Chrome on Linux', true),
    session('k-phone', 'Safari on iOS'),
    session('k-work', 'Firefox on Windows'),
  ];
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path, body });
    let answer = { status: 404, body: { error: sessionMessages.notFound } as object };
    if (path === '/api/sc') answer = { status: 200, body: { signedCirrus: ann } };
    else if (path === '/check_session') answer = { status: 200, body: { authenticated: true } };
    else if (method === 'GET' && path === '/api/sessions')
      answer = options.failList
        ? { status: 500, body: { error: 'Something went wrong.' } }
        : { status: 200, body: { sessions } };
    else if (method === 'DELETE' && path.startsWith('/api/sessions/')) {
      const key = decodeURIComponent(path.split('/').pop()!);
      if (sessions.some((s) => s.key === key)) {
        sessions = sessions.filter((s) => s.key !== key);
        answer = { status: 200, body: {} };
      }
    } else if (method === 'POST' && path === '/api/password') {
      if (body?.currentPassword === password) {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        answer = { status: 200, body: { endedSessions: ended } };
      } else answer = { status: 400, body: { error: sessionMessages.wrongPassword, code: 'invalid' } };
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return calls;
}

function renderSections() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <SessionProvider>
      <ToastProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ChangePasswordSection />
            <SessionsSection />
          </MemoryRouter>
        </QueryClientProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

describe('the Your Sessions section', () => {
  it('lists the sessions with this device marked, and ends another one', async () => {
    const calls = serve('Correct-Horse9');
    const user = userEvent.setup();
    renderSections();
    const list = await screen.findByRole('list', { name: 'Your Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split('Last used')[0]?.trim())).toEqual([
      'Chrome on Linux This device',
      'Safari on iOS',
      'Firefox on Windows',
    ]);
    // This device has no End button; each other one has its own, named by its device.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    await user.click(within(items[1]!).getByRole('button', { name: /^End the session on Safari on iOS/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/sessions/k-phone']);
  });

  it('says so when the list cannot be loaded, with Retry', async () => {
    serve('Correct-Horse9', { failList: true });
    renderSections();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the Change Password section', () => {
  it('checks the new password as sign-up does, shows a refusal, then changes it and ends the other sessions', async () => {
    const calls = serve('Correct-Horse9');
    const user = userEvent.setup();
    renderSections();
    await screen.findByRole('list', { name: 'Your Sessions' });
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await user.type(screen.getByLabelText('New Password'), 'New-Horse-77');
    await user.type(screen.getByLabelText('Repeat New Password'), 'New-Horse-78');
    expect(await screen.findByText(validationMessages.signUpPasswordMismatch)).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Repeat New Password'));
    await user.type(screen.getByLabelText('Repeat New Password'), 'New-Horse-77{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(sessionMessages.wrongPassword);

    await user.clear(screen.getByLabelText('Current Password'));
    await user.type(screen.getByLabelText('Current Password'), 'Correct-Horse9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `${sessionMessages.changed} 2 other sessions were ended.`,
      ),
    );
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your Sessions' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(calls.filter((c) => c.path === '/api/password').map((c) => c.body)).toEqual([
      { currentPassword: 'wrong-one', password: 'New-Horse-77' },
      { currentPassword: 'Correct-Horse9', password: 'New-Horse-77' },
    ]);
  });
});
