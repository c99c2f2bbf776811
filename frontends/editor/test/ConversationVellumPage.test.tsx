import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConversationVellumPage from '../src/pages/ConversationVellumPage';
import { doc, renderPage, serve } from './helpers';

const open = (answer: unknown, extra = {}) => {
  const calls = serve({ 'GET /messenger/c1/vellum/ann': { body: answer }, ...extra });
  renderPage(<ConversationVellumPage />, '/messenger/:conversation/:username', '/messenger/c1/ann');
  return calls;
};

describe('the conversation vellum', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('is Not Found unless the server authorises the viewer', async () => {
    open({ vellum: null, authorizedToView: false, authorizedToEdit: false });
    await screen.findByTestId('not-found');
  });

  it("shows 'Back to Chat', both avatars, the private badge, and saves through /messenger/vellum/{id}", async () => {
    const calls = open(
      {
        vellum: { i: 'cv1', title: 'Our plan', text: doc('Shared notes') },
        vellumTitle: 'Our plan',
        otherParticipant: { username: 'bob', display_name: 'Bob' },
        otherVellum: { conversation: 'c1', username: 'bob' },
        authorizedToView: true,
        authorizedToEdit: true,
      },
      { 'POST /messenger/vellum/cv1': { body: {} } },
    );
    expect((await screen.findByRole('link', { name: /Back to Chat/ })).getAttribute('href')).toBe(
      '/messenger/c1',
    );
    expect(screen.getByRole('link', { name: '@ann' }).getAttribute('href')).toBe('/messenger/c1/ann');
    expect(screen.getByRole('link', { name: '@bob' }).getAttribute('href')).toBe('/messenger/c1/bob');
    screen.getByText(/Conversation Vellum · Private/);
    screen.getByRole('toolbar', { name: 'Formatting' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Conversation Vellum text' }).textContent).toContain(
        'Shared notes',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/messenger/vellum/cv1',
      body: { title: 'Our plan', text: doc('Shared notes') },
    });
  });

  it('is read-only for a participant who may only view', async () => {
    open({
      vellum: { i: 'cv2', title: 'Bob notes', text: doc('His notes') },
      vellumTitle: 'Bob notes',
      otherParticipant: { username: 'bob' },
      authorizedToView: true,
      authorizedToEdit: false,
    });
    await screen.findByRole('heading', { name: 'Bob notes' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
