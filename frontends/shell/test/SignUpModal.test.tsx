import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SignUpModal } from '../src/auth/SignUpModal';

type Answer = { status: number; body: unknown };

function serve(answers: { username?: (handle: string) => Answer; create?: (body: unknown) => Answer }) {
  const calls: Array<{ path: string; body?: unknown }> = [];
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    let answer: Answer = { status: 404, body: { error: 'Not found' } };
    if (path.startsWith('/api/username/') && answers.username) {
      answer = answers.username(decodeURIComponent(path.slice('/api/username/'.length)));
    } else if (path === '/api/cirrus/create' && answers.create) answer = answers.create(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return calls;
}

function renderModal() {
  return render(
    <MemoryRouter>
      <SignUpModal show onHide={jest.fn()} onSignIn={jest.fn()} />
    </MemoryRouter>,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    Username: 'ann.lee',
    Email: 'Ann@Example.com',
    'First Name': 'Ann',
    'Last Name': "O'Neil",
    Password: 'Correct-Horse9',
    'Repeat Password': 'Correct-Horse9',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('SignUpModal', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('keeps Create disabled until every field is filled and valid', async () => {
    serve({ username: () => ({ status: 200, body: { available: true } }) });
    const user = userEvent.setup();
    renderModal();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toHaveProperty('disabled', true);
    await fillValid(user, { 'Repeat Password': '' });
    expect(create).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Repeat Password'), 'Correct-Horse9');
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
  });

  it('shows the spec messages of section 5 as the fields change', async () => {
    serve({ username: () => ({ status: 200, body: { available: true } }) });
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Username'), 'no spaces');
    await screen.findByText('Username must consist of letters, digits, apostrophes, dashes, or dots.');
    await user.type(screen.getByLabelText('Email', { exact: true }), 'ann');
    await screen.findByText("Make sure your email is in the proper email format like 'name@example.com'.");
    await user.type(screen.getByLabelText('First Name'), 'Ann1');
    await screen.findByText('First name must consist of letters, apostrophes, or dashes.');
    await user.type(screen.getByLabelText('Last Name'), 'L'.repeat(33));
    await screen.findByText('Last name must have at most 32 characters.');
    // The spec's contradiction: the checklist says 8+, the check wants more than 8.
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Abcdef1!');
    await screen.findByText('Your password must have at least 8 characters.');
    const checklist = screen.getByTestId('password-checklist');
    expect(
      within(checklist)
        .getAllByText(/./, { selector: 'li' })
        .every((li) => li.dataset.met === 'true'),
    ).toBe(true);
    await user.type(screen.getByLabelText('Repeat Password'), 'Abcdef1?');
    await screen.findByText('Your confirmation password must match.');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
  });

  it.each(['..', '.ada', 'ada.'])(
    'refuses the username %j with the dot message, without asking whether it is available',
    async (username) => {
      const calls = serve({ username: () => ({ status: 200, body: { available: true } }) });
      const user = userEvent.setup();
      renderModal();
      await fillValid(user, { Username: username });
      await screen.findByText('Username cannot start or end with a dot.');
      expect(screen.queryByTestId('username-availability')).toBeNull();
      expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
      // Give the debounced availability check time to fire: it must not, for a name the schema refuses.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(calls.filter((call) => call.path.startsWith('/api/username/'))).toEqual([]);
    },
  );

  it('shows Available or Unavailable for the handle as it changes', async () => {
    serve({ username: (handle) => ({ status: 200, body: { available: handle !== 'taken' } }) });
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Username'), 'taken');
    const unavailable = await screen.findByText('Unavailable');
    expect(unavailable.className).toContain('text-danger');
    await user.type(screen.getByLabelText('Username'), '2');
    expect((await screen.findByText('Available')).className).toContain('text-success');
  });

  it('sends the lower-cased email and shows the server error in red under the passwords', async () => {
    const calls = serve({
      username: () => ({ status: 200, body: { available: true } }),
      create: () => ({
        status: 409,
        body: { status: 'Error', errorMessage: 'That Username is already taken.' },
      }),
    });
    const user = userEvent.setup();
    renderModal();
    await fillValid(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const error = await screen.findByText('That Username is already taken.');
    expect(error.className).toContain('text-danger');
    expect(calls.find((call) => call.path === '/api/cirrus/create')?.body).toEqual({
      username: 'ann.lee',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: "O'Neil",
      password: 'Correct-Horse9',
    });
  });

  it("clears the fields and shows the success modal with 'Sounds good!'", async () => {
    serve({
      username: () => ({ status: 200, body: { available: true } }),
      create: () => ({ status: 201, body: { status: 'Success' } }),
    });
    const user = userEvent.setup();
    renderModal();
    await fillValid(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('button', { name: 'Sounds good!' });
    expect(screen.getByLabelText('Username')).toHaveProperty('value', '');
  });
});
