import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ann, renderPage, serve } from '@vellum/ui/test-support';
import CirrusPage from '../src/pages/CirrusPage';

const bob = { i: 'c-bob', username: 'bob', displayName: 'Bob Stone', display_name: 'Bob Stone' };
const profiles = {
  'GET /api/cirrus/bob': { body: { viewedCirrus: bob } },
  'GET /api/cirrus/ann': {
    body: { viewedCirrus: { ...bob, i: ann.i, username: 'ann', displayName: 'Ann Lee' } },
  },
  'GET /api/cirrus/bob/follow': { body: { following: false, followers: 0, followingCount: 0 } },
  'GET /api/cirrus/ann/follow': { body: { following: false, followers: 0, followingCount: 0 } },
};
const open = (username: string) => renderPage(<CirrusPage />, '/cirrus/:username', `/cirrus/${username}`);

describe("the profile's Message button", () => {
  it('opens the conversation with that cirrus and goes to the chat', async () => {
    const calls = serve({
      ...profiles,
      'POST /api/messenger/conversations': {
        status: 201,
        body: { conversation: { conversation: 'k7', otherParticipant: bob, lastMessage: null, unread: 0 } },
      },
    });
    open('bob');
    await userEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messenger/k7'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/messenger/conversations', body: { username: 'bob' } },
    ]);
  });

  it("shows the service's refusal and stays on the profile", async () => {
    serve({
      ...profiles,
      'POST /api/messenger/conversations': {
        status: 403,
        body: { errorMessage: 'Verify your email address before messaging.' },
      },
    });
    open('bob');
    await userEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await screen.findByText('Verify your email address before messaging.');
    expect(screen.getByTestId('location').textContent).toBe('/cirrus/bob');
  });

  it('is not on my own profile, nor for a visitor', async () => {
    serve(profiles);
    const mine = open('ann');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    mine.unmount();
    serve(profiles, null);
    open('bob');
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });
});
