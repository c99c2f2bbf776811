import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isValidElement, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, matchRoutes, type RouteObject } from 'react-router-dom';
import { profileMessages } from '@vellum/proto/api';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { routes } from '../src/app/routes';
import { SignatureMenu } from '../src/chrome/SignatureMenu';
import { RetryableLazy } from '../src/federation/RetryableLazy';
import CirrusPage from '../src/pages/CirrusPage';
import EditProfilePage from '../src/pages/profile/EditProfilePage';

type Answer = { status: number; body: unknown };
type Call = { method: string; path: string; body?: Record<string, unknown> };

const ann = {
  i: 'ann-id',
  username: 'ann',
  displayName: 'Ann Lee',
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  image: null,
};
const bob = { ...ann, i: 'bob-id', username: 'bob', displayName: 'Bob Stone', name: 'Bob Stone' };

const annProfile = {
  i: 'ann-id',
  username: 'ann',
  displayName: 'Ann Lee',
  display_name: 'Ann Lee',
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  image: '',
  imageBackground: '',
  location: 'Lisbon',
  summary: '',
  outstandingActions: 0,
};

/**
 * A fake gateway: the session of `signedIn`, Ann's profile, and whatever `put` answers to the profile's PUT (a
 * promise keeps the save pending); everything else is a 404.
 */
function serve(
  signedIn: typeof ann | null,
  put?: (call: Call) => Answer | Promise<Answer>,
  presenceRefusal?: Answer,
) {
  const calls: Call[] = [];
  let profile = annProfile;
  let presence = true;
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    let answer: Answer = { status: 404, body: { error: 'Not found.' } };
    if (path === '/api/sc') answer = { status: 200, body: { signedCirrus: signedIn } };
    else if (path === '/check_session') answer = { status: 200, body: { authenticated: Boolean(signedIn) } };
    else if (method === 'GET' && path === '/api/cirrus/ann')
      answer = { status: 200, body: { viewedCirrus: profile } };
    else if (method === 'GET' && path === '/api/sessions') answer = { status: 200, body: { sessions: [] } };
    else if (path === '/api/messenger/presence/settings') {
      if (method === 'PUT') presence = (call.body as { visible: boolean }).visible;
      answer =
        method === 'PUT' && presenceRefusal ? presenceRefusal : { status: 200, body: { visible: presence } };
      if (answer === presenceRefusal) presence = !presence;
    } else if (method === 'GET' && path === '/api/cirrus/ann/follow')
      answer = { status: 200, body: { following: false, followers: 0, followingCount: 0 } };
    else if (method === 'PUT' && path === '/api/cirrus/ann/profile' && put) {
      answer = await put(call);
      if (answer.status === 200) profile = (answer.body as { viewedCirrus: typeof annProfile }).viewedCirrus;
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return calls;
}

function renderAt(path: string) {
  // The page's own settings (app/queryScope.tsx): answers stay fresh for 30 s.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  render(
    <SessionProvider>
      <ToastProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <SignatureMenu />
            <Routes>
              <Route path="/cirrus/:username" element={<CirrusPage />} />
              <Route path="/cirrus/:username/edit" element={<EditProfilePage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ToastProvider>
    </SessionProvider>,
  );
  return client;
}

const saved = (change: Record<string, unknown>): Answer => ({
  status: 200,
  body: { viewedCirrus: { ...annProfile, ...change } },
});

describe('the profile edit page', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  it.each([
    ['a visitor', null],
    ['another signed-in cirrus', bob],
  ])('is Not Found (title included) for %s, without asking for the profile', async (_who, signedIn) => {
    const calls = serve(signedIn);
    renderAt('/cirrus/ann/edit');
    await screen.findByTestId('not-found');
    expect(document.title).toBe('Not Found');
    expect(screen.queryByRole('textbox', { name: 'Display Name' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/cirrus/ann')).toBe(false);
  });

  it("fills the owner's fields and keeps Save disabled until something changed and everything is valid", async () => {
    serve(ann);
    const user = userEvent.setup();
    renderAt('/cirrus/ann/edit');
    const displayName = await screen.findByRole('textbox', { name: 'Display Name' });
    expect(document.title).toBe('Edit Profile');
    expect(displayName).toHaveProperty('value', 'Ann Lee');
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveProperty('value', 'Lisbon');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    await user.type(displayName, '_');
    expect(screen.getByText(profileMessages.displayNamePattern).id).toBe('profile-displayName-error');
    expect(displayName.getAttribute('aria-invalid')).toBe('true');
    expect(save).toHaveProperty('disabled', true);

    await user.clear(displayName);
    expect(screen.getByText(profileMessages.displayNameRequired)).toBeTruthy();
    await user.type(displayName, 'Ann Lee');
    expect(screen.queryByText(profileMessages.displayNameRequired)).toBeNull();
    expect(save).toHaveProperty('disabled', true);

    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await user.type(firstName, '2');
    screen.getByText('First name must consist of letters, apostrophes, or dashes.');
    await user.type(firstName, '{Backspace} Maria');
    expect(save).toHaveProperty('disabled', false);

    await user.type(screen.getByRole('textbox', { name: 'Location' }), ';');
    screen.getByText(profileMessages.locationPattern);
    expect(save).toHaveProperty('disabled', true);
  });

  it('previews the image once it is an https address, else the generated avatar, on the chosen background', async () => {
    serve(ann);
    const user = userEvent.setup();
    renderAt('/cirrus/ann/edit');
    const image = await screen.findByRole('textbox', { name: 'Image (https address)' });
    const preview = screen.getByTestId('profile-preview');
    expect(preview.querySelector('svg')).not.toBeNull();
    await user.type(image, 'http://images.example.com/ann.png');
    screen.getByText(profileMessages.imageUrl);
    expect(preview.querySelector('img')).toBeNull();
    await user.clear(image);
    await user.type(image, 'https://images.example.com/ann.png');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('https://images.example.com/ann.png');

    const background = screen.getByRole('textbox', { name: 'Image Background' });
    await user.type(background, 'red');
    screen.getByText(profileMessages.imageBackground);
    await user.clear(background);
    await user.type(background, '#336699');
    expect(screen.queryByText(profileMessages.imageBackground)).toBeNull();
    expect(preview.style.background).toBe('rgb(51, 102, 153)');
    const picker = screen.getByLabelText('Pick the image background');
    expect(picker).toHaveProperty('value', '#336699');
    fireEvent.change(picker, { target: { value: '#112233' } });
    expect(background).toHaveProperty('value', '#112233');
  });

  it('saves (Save disabled while saving), says so, and the profile page shows the new values at once', async () => {
    let finish: (answer: Answer) => void = () => undefined;
    const calls = serve(ann, () => new Promise<Answer>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderAt('/cirrus/ann/edit');
    const displayName = await screen.findByRole('textbox', { name: 'Display Name' });
    await user.clear(displayName);
    await user.type(displayName, '  Ann the Bold ');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Sails.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveProperty('disabled', true);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/cirrus/ann/profile',
      body: {
        displayName: '  Ann the Bold ',
        firstName: 'Ann',
        lastName: 'Lee',
        location: 'Lisbon',
        summary: 'Sails.',
        image: '',
        imageBackground: '',
      },
    });
    finish(saved({ displayName: 'Ann the Bold', display_name: 'Ann the Bold', summary: 'Sails.' }));

    await screen.findByText(profileMessages.saved);
    // The form now holds what was saved, so there is nothing to save.
    expect(screen.getByRole('textbox', { name: 'Display Name' })).toHaveProperty('value', 'Ann the Bold');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    const profileCalls = calls.filter((c) => c.method === 'GET' && c.path === '/api/cirrus/ann').length;
    await user.click(screen.getByRole('link', { name: 'Back to Profile' }));
    await screen.findByRole('heading', { name: 'Ann the Bold' });
    screen.getByText('Sails.');
    // Shown from the saved answer, not from a second request.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/cirrus/ann')).toHaveLength(
      profileCalls,
    );
  });

  it("shows the server's message under each refused field until that field changes", async () => {
    serve(ann, () => ({
      status: 400,
      body: {
        error: 'Image must be a full web address starting with https://, or empty for the generated avatar.',
        code: 'invalid',
        fieldErrors: { image: 'This image address is refused.', lastName: 'This last name is refused.' },
      },
    }));
    const user = userEvent.setup();
    renderAt('/cirrus/ann/edit');
    const image = await screen.findByRole('textbox', { name: 'Image (https address)' });
    await user.type(image, 'https://images.example.com/ann.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('This image address is refused.');
    expect(image.getAttribute('aria-invalid')).toBe('true');
    screen.getByText('This last name is refused.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(profileMessages.saved)).toBeNull();

    await user.type(image, 'x');
    expect(screen.queryByText('This image address is refused.')).toBeNull();
    screen.getByText('This last name is refused.');
  });

  it("shows the server's own message when the refusal names no field", async () => {
    serve(ann, () => ({ status: 403, body: { error: profileMessages.ownerOnly, code: 'forbidden' } }));
    const user = userEvent.setup();
    renderAt('/cirrus/ann/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Location' }), ' Portugal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(profileMessages.ownerOnly);
  });
});

describe('the way to the profile edit page', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('shows and hides my presence with a switch, saved at once, and says so', async () => {
    const calls = serve(ann);
    renderAt('/cirrus/ann/edit');
    const toggle = await screen.findByRole('switch', { name: 'Show when I am online' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await screen.findByText('Your presence is hidden.');
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/messenger/presence/settings', { visible: false }],
    ]);
    await userEvent.click(toggle);
    await screen.findByText('Your presence is shown.');
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it("keeps the presence switch as it was and shows the server's message when saving fails", async () => {
    serve(ann, undefined, { status: 503, body: { errorMessage: 'The service is temporarily unavailable.' } });
    renderAt('/cirrus/ann/edit');
    const toggle = await screen.findByRole('switch', { name: 'Show when I am online' });
    await userEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain('temporarily unavailable');
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it("gives the owner an 'Edit Profile' button on the profile", async () => {
    serve(ann);
    renderAt('/cirrus/ann');
    const edit = await screen.findByRole('link', { name: 'Edit Profile' });
    expect(edit.getAttribute('href')).toBe('/cirrus/ann/edit');
  });

  it('shows no edit button to another signed-in cirrus', async () => {
    serve(bob);
    renderAt('/cirrus/ann');
    await screen.findByRole('heading', { name: 'Ann Lee' });
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });

  it("links the signature menu's 'Edit Profile' to the signed-in person's edit page", async () => {
    serve(bob);
    const user = userEvent.setup();
    renderAt('/cirrus/ann');
    await user.click(await screen.findByRole('button', { name: 'Signature menu' }));
    const item = await screen.findByRole('link', { name: 'Edit Profile' });
    expect(item.getAttribute('href')).toBe('/cirrus/bob/edit');
  });

  it('routes /cirrus/:username/edit to a lazy section of its own', () => {
    const [match] = (matchRoutes(routes, '/cirrus/ann/edit') ?? []).slice(-1) as Array<{
      route: RouteObject;
    }>;
    expect(match?.route.path).toBe('/cirrus/:username/edit');
    const element = match?.route.element;
    const Section = isValidElement(element) ? (element.type as () => ReactElement) : null;
    const rendered = Section?.();
    expect(isValidElement(rendered) && rendered.type).toBe(RetryableLazy);
    expect(isValidElement(rendered) && (rendered.props as { name: string }).name).toBe('edit-profile');
  });
});
