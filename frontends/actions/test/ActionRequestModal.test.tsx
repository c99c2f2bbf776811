import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ActionRequestModal from '../src/requests/ActionRequestModal';
import { action, renderPage, serve } from './support';

const bob = { i: 'c-bob', username: 'bob', displayName: 'Bob Stone' };

function openFor(onClose = jest.fn()) {
  renderPage(
    <ActionRequestModal recipient={bob} onClose={onClose} />,
    '/cirrus/:username/followers',
    '/cirrus/ann/followers',
  );
  return onClose;
}

describe('the New Action Request modal', () => {
  it('has text, priority, Create (disabled until valid) and Cancel', async () => {
    const calls = serve({});
    const onClose = openFor();
    const dialog = await screen.findByRole('dialog', { name: 'New Action Request' });
    within(dialog).getByText('For Bob Stone');
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveProperty('value', 'Medium');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Action' }), 'Read chapter two');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.path.startsWith('/api/action'))).toEqual([]);
  });

  it("sends {forCirrusI, text, priority}, then says 'An Action request has been sent to {name}.'", async () => {
    const calls = serve({
      'POST /api/action/request': {
        status: 201,
        body: {
          action: action('r', 'Read chapter two', 'Low'),
          sentTo: { i: bob.i, username: 'bob', display_name: 'Bob Stone' },
        },
      },
    });
    const onClose = openFor();
    const dialog = await screen.findByRole('dialog', { name: 'New Action Request' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Action' }), ' Read chapter two ');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'Low');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('An Action request has been sent to Bob Stone.');
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/api/action/request')?.body).toEqual({
      forCirrusI: 'c-bob',
      text: 'Read chapter two',
      priority: 'Low',
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(/has been sent/)).toBeNull());
  });

  it("shows the server's refusal and stays open", async () => {
    serve({
      'POST /api/action/request': {
        status: 403,
        body: { error: 'Action requests can be sent only to your followers.', code: 'forbidden' },
      },
    });
    const onClose = openFor();
    const dialog = await screen.findByRole('dialog', { name: 'New Action Request' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Action' }), 'Please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('Action requests can be sent only to your followers.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
