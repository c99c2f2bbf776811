import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ActionsPage from '../src/pages/ActionsPage';
import { action, actions, ann, renderPage, requested, serve } from './support';

const PATH = '/cirrus/:username/actions';
const LIST = 'GET /api/cirrus/ann/actions';
const open = (url = '/cirrus/ann/actions') => renderPage(<ActionsPage />, PATH, url);

describe('the actions page', () => {
  it('is Not Found when nobody is signed in', async () => {
    const calls = serve({}, null);
    open();
    await screen.findByText('Not Found');
    expect(calls.some((c) => c.path.includes('/actions'))).toBe(false);
  });

  it('is Not Found for someone else’s actions', async () => {
    const calls = serve({});
    open('/cirrus/bob/actions');
    await screen.findByText('Not Found');
    expect(calls.some((c) => c.path.includes('/actions'))).toBe(false);
  });

  it("says 'No Actions yet.' when there are none", async () => {
    serve({ [LIST]: { body: actions() } });
    open();
    await screen.findByText('No Actions yet.');
    expect(document.title).toBe('My Actions');
  });

  it('groups the actions by priority and filters them by text', async () => {
    serve({
      [LIST]: {
        body: actions({
          actionsHigh: [action('h', 'Call the printer', 'High')],
          actionsMedium: [action('m', 'Buy paper')],
          actionsLow: [action('l', 'Sort the shelf', 'Low')],
        }),
      },
    });
    open();
    const high = await screen.findByRole('list', { name: 'High priority' });
    within(high).getByText('Call the printer');
    within(screen.getByRole('list', { name: 'Medium priority' })).getByText('Buy paper');
    within(screen.getByRole('list', { name: 'Low priority' })).getByText('Sort the shelf');
    expect(screen.queryByText('Outstanding Actions')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter actions' }), 'PAPER');
    screen.getByText('Buy paper');
    expect(screen.queryByText('Call the printer')).toBeNull();
    expect(screen.queryByRole('list', { name: 'High priority' })).toBeNull();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter actions' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter actions' }), 'nothing like it');
    screen.getByText('No Actions found.');
  });

  it("heads a user's only requests 'Outstanding Actions', naming who asked", async () => {
    serve({
      [LIST]: {
        body: actions({ actionsRequested: [requested('r', 'Review my draft')], outstandingActions: 1 }),
      },
    });
    open();
    const list = await screen.findByRole('list', { name: 'Outstanding Actions' });
    screen.getByRole('heading', { name: 'Outstanding Actions' });
    within(list).getByText('Review my draft');
    within(list).getByText('from @sam');
    expect(screen.queryByText('No Actions yet.')).toBeNull();
    await userEvent.click(within(list).getByText('Review my draft'));
    await screen.findByText('Requested by Sam Stone (@sam) on October 5, 2024');
  });

  it.each([
    ['Complete', 'complete'],
    ['Abandon', 'abandon'],
  ])(
    '%s in the detail modal closes the action, reloads the list and the badge, and closes',
    async (button, verb) => {
      let done = false;
      const calls = serve({
        [LIST]: () => ({
          body: actions({ actionsHigh: done ? [] : [action('a1', 'Water the plants', 'High')] }),
        }),
        [`PUT /api/action/a1/${verb}`]: () => {
          done = true;
          return { body: { action: { ...action('a1', 'Water the plants', 'High'), state: `${verb}d` } } };
        },
      });
      const { queryClient } = open();
      queryClient.setQueryData(['actions-snippet', ann.username], {
        highestPriority: 'High',
        totalActions: 1,
      });
      await userEvent.click(await screen.findByText('Water the plants'));
      const dialog = await screen.findByRole('dialog');
      within(dialog).getByText('Created on October 5, 2024');
      await userEvent.click(within(dialog).getByRole('button', { name: button }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await screen.findByText('No Actions yet.');
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api/action/a1/${verb}`]);
      expect(queryClient.getQueryState(['actions-snippet', ann.username])?.isInvalidated).toBe(true);
    },
  );

  describe('the New Action form (?new=1)', () => {
    it('defaults to Medium and keeps Create disabled until the text is valid', async () => {
      serve({ [LIST]: { body: actions() } });
      open('/cirrus/ann/actions?new=1');
      const create = await screen.findByRole('button', { name: 'Create' });
      expect(create).toHaveProperty('disabled', true);
      expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveProperty('value', 'Medium');
      const text = screen.getByRole('textbox', { name: 'Action' });
      await userEvent.type(text, '{Tab}', { skipClick: false });
      await userEvent.click(text);
      await userEvent.paste('\t\t');
      screen.getByText('Action cannot be only tabs.');
      expect(create).toHaveProperty('disabled', true);
      await userEvent.clear(text);
      await userEvent.click(text);
      await userEvent.paste('x'.repeat(181));
      screen.getByText('Action must have at most 180 characters.');
      expect(create).toHaveProperty('disabled', true);
      await userEvent.clear(text);
      await userEvent.type(text, 'Plan the week');
      expect(create).toHaveProperty('disabled', false);
    });

    it('creates with the chosen priority, then shows the actions page', async () => {
      const calls = serve({
        [LIST]: { body: actions() },
        'POST /api/action': { status: 201, body: { action: action('n', 'Plan the week', 'High') } },
      });
      const { queryClient } = open('/cirrus/ann/actions?new=1');
      queryClient.setQueryData(['actions-snippet', ann.username], { highestPriority: null, totalActions: 0 });
      await userEvent.type(await screen.findByRole('textbox', { name: 'Action' }), '  Plan the week ');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cirrus/ann/actions'));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'Plan the week',
        priority: 'High',
      });
      expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
      expect(queryClient.getQueryState(['actions-snippet', ann.username])?.isInvalidated).toBe(true);
    });
  });
});
