import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Call } from '@vellum/ui/test-support';
import type { LinkBody } from '../src/api/linksApi';
import LinkPage from '../src/pages/LinkPage';
import { clicks, id, layOutRows, link, page, renderPage, serve, shownLabels } from './support';

const PAGE = 'GET /api/link/ann';
const CLICKS = 'GET /api/link/ann/clicks';
const open = () => renderPage(<LinkPage />, '/link/:username', '/link/ann');
const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

/** Ann's page and clicks, with `routes` for the changes a test makes. */
function ownerServer(links = [link(1, 'Shop'), link(2, 'Blog'), link(3, 'Talks')], routes = {}) {
  return serve({
    [PAGE]: { body: page(links) },
    [CLICKS]: { body: clicks(links, [3, 1, 0]) },
    ...routes,
  });
}

async function openOwner() {
  const rendered = open();
  // The owner's panel is a lazy chunk: its first load in a test file compiles dnd-kit.
  await screen.findByRole('button', { name: 'Add Link' }, { timeout: 10_000 });
  return rendered;
}

describe('the Vielink page, for its owner', () => {
  beforeEach(() => {
    window.innerWidth = 1024;
  });

  it('shows the clicks of each link over the last 30 days', async () => {
    ownerServer();
    await openOwner();
    const shop = await screen.findByRole('listitem', { name: 'Shop' });
    await within(shop).findByText('3 clicks');
    expect(
      within(shop).getByTitle('Clicks per day over the last 30 days').querySelector('polyline'),
    ).not.toBeNull();
    within(screen.getByRole('listitem', { name: 'Blog' })).getByText('1 click');
    within(screen.getByRole('listitem', { name: 'Talks' })).getByText('0 clicks');
  });

  describe('Add Link', () => {
    it('keeps Add disabled until both fields are set and valid', async () => {
      const calls = ownerServer();
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Add Link' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
      const add = within(dialog).getByRole('button', { name: 'Add' });
      expect(add).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Docs');
      expect(add).toHaveProperty('disabled', true);
      const url = within(dialog).getByRole('textbox', { name: 'URL' });
      await user.type(url, 'javascript:alert(1)');
      within(dialog).getByText('Link URL must be a full web address starting with http:// or https://.');
      expect(add).toHaveProperty('disabled', true);
      await user.clear(url);
      await user.type(url, 'https://docs.example.com');
      expect(add).toHaveProperty('disabled', false);
      await user.clear(within(dialog).getByRole('textbox', { name: 'Label' }));
      within(dialog).getByText('Link label is required.');
      expect(add).toHaveProperty('disabled', true);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent(calls, 'POST')).toEqual([]);
    });

    it("adds the trimmed link, shows it and says 'Added Link for {label}.'", async () => {
      const added = link(4, 'Docs', 'https://docs.example.com');
      const calls = ownerServer(undefined, {
        'POST /api/link/ann': {
          status: 201,
          body: { link: added, links: [link(1, 'Shop'), link(2, 'Blog'), link(3, 'Talks'), added] },
        },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Add Link' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), '  Docs ');
      await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), ' https://docs.example.com ');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await screen.findByText('Added Link for Docs.');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent(calls, 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/link/ann', { linkLabel: 'Docs', linkURL: 'https://docs.example.com' } satisfies LinkBody],
      ]);
      expect(shownLabels()).toEqual(['Shop', 'Blog', 'Talks', 'Docs']);
      expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe(`/api/link/go/${id(4)}`);
      // The clicks reload for the new row.
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/link/ann/clicks')).toHaveLength(2));
    });

    it("shows the server's errorMessage in an error toast and keeps the modal open", async () => {
      ownerServer(undefined, {
        'POST /api/link/ann': { status: 400, body: { errorMessage: 'A Vielink holds at most 200 links.' } },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Add Link' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Docs');
      await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://docs.example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      const toast = await screen.findByText('A Vielink holds at most 200 links.');
      expect(toast.closest('.toast')?.className).toContain('bg-danger');
      screen.getByRole('dialog', { name: 'Add Link' });
      expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);
      expect(shownLabels()).toEqual(['Shop', 'Blog', 'Talks']);
    });
  });

  describe('Edit', () => {
    it("edits a link's label and URL and says 'Edited Link for {label}.'", async () => {
      const edited = { ...link(2, 'My Blog', 'https://blog.example.com'), position: 1 };
      const calls = ownerServer(undefined, {
        [`PUT /api/link/${id(2)}`]: {
          body: { link: edited, links: [link(1, 'Shop'), edited, link(3, 'Talks')] },
        },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Edit Blog' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Link' });
      const label = within(dialog).getByRole('textbox', { name: 'Label' });
      const url = within(dialog).getByRole('textbox', { name: 'URL' });
      expect(label).toHaveProperty('value', 'Blog');
      expect(url).toHaveProperty('value', 'https://example.com/2');
      const save = within(dialog).getByRole('button', { name: 'Save' });
      await user.clear(url);
      expect(save).toHaveProperty('disabled', true);
      await user.type(url, 'https://blog.example.com');
      await user.clear(label);
      expect(save).toHaveProperty('disabled', true);
      await user.type(label, 'My Blog');
      await user.click(save);
      await screen.findByText('Edited Link for My Blog.');
      expect(sent(calls, 'PUT').map((c) => [c.path, c.body])).toEqual([
        [`/api/link/${id(2)}`, { linkLabel: 'My Blog', linkURL: 'https://blog.example.com' }],
      ]);
      expect(shownLabels()).toEqual(['Shop', 'My Blog', 'Talks']);
    });

    it("shows the server's refusal of an edit in an error toast", async () => {
      ownerServer(undefined, {
        [`PUT /api/link/${id(2)}`]: { status: 404, body: { errorMessage: 'This Link does not exist.' } },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Edit Blog' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Link' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByText('This Link does not exist.');
      screen.getByRole('dialog', { name: 'Edit Link' });
    });
  });

  describe('Delete', () => {
    it("asks 'Are you sure to delete the Link for {label}?', deletes and says 'Deleted Link for {label}.'", async () => {
      const calls = ownerServer(undefined, {
        [`DELETE /api/link/${id(1)}`]: {
          body: {
            link: link(1, 'Shop'),
            links: [
              { ...link(2, 'Blog'), position: 0 },
              { ...link(3, 'Talks'), position: 1 },
            ],
          },
        },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Delete Shop' }));
      let dialog = await screen.findByRole('dialog', { name: 'Delete Link' });
      within(dialog).getByText('Are you sure to delete the Link for Shop?');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent(calls, 'DELETE')).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Delete Shop' }));
      dialog = await screen.findByRole('dialog', { name: 'Delete Link' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await screen.findByText('Deleted Link for Shop.');
      expect(sent(calls, 'DELETE').map((c) => c.path)).toEqual([`/api/link/${id(1)}`]);
      expect(shownLabels()).toEqual(['Blog', 'Talks']);
    });

    it("shows the server's refusal of a delete in an error toast and keeps the link", async () => {
      ownerServer(undefined, {
        [`DELETE /api/link/${id(1)}`]: {
          status: 403,
          body: { errorMessage: 'Only the owner changes this Vielink.' },
        },
      });
      const user = userEvent.setup();
      await openOwner();
      await user.click(screen.getByRole('button', { name: 'Delete Shop' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Link' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await screen.findByText('Only the owner changes this Vielink.');
      expect(shownLabels()).toEqual(['Shop', 'Blog', 'Talks']);
    });
  });

  describe('colours', () => {
    it.each([
      ['Background', 'set-background-color', 'backgroundColor', '#112233'],
      ['Link font', 'set-item-font-color', 'linkItemFontColor', '#aa0000'],
      ['Link background', 'set-item-background-color', 'linkItemBackgroundColor', '#00ff00'],
    ])('shows the %s colour at once and saves it as chosen', async (label, call, field, colour) => {
      const calls = ownerServer(undefined, { [`POST /api/link/${call}`]: { body: { [field]: colour } } });
      await openOwner();
      const picker = screen.getByLabelText(label);
      expect(picker).toHaveProperty('value', field === 'linkItemFontColor' ? '#337ab7' : '#ffffff');
      fireEvent.input(picker, { target: { value: '#444444' } });
      fireEvent.input(picker, { target: { value: colour } });
      const shop = screen.getByRole('link', { name: 'Shop' });
      const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)).join(', ')})`;
      const shown = {
        backgroundColor: () => screen.getByTestId('vielink').style.backgroundColor,
        linkItemFontColor: () => shop.style.color,
        linkItemBackgroundColor: () => shop.style.backgroundColor,
      }[field]!;
      // Shown before it is saved.
      await waitFor(() => expect(shown()).toBe(rgb));
      expect(sent(calls, 'POST')).toEqual([]);
      // Only the colour the picker rested on is saved.
      await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
      expect(sent(calls, 'POST')[0]).toMatchObject({ path: `/api/link/${call}`, body: { [field]: colour } });
      expect(picker).toHaveProperty('value', colour);
    });

    it("shows a refused colour's error and puts the saved colour back", async () => {
      let reloads = 0;
      ownerServer(undefined, {
        [PAGE]: () => {
          reloads++;
          return { body: page([link(1, 'Shop')]) };
        },
        'POST /api/link/set-background-color': {
          status: 400,
          body: { errorMessage: 'Colour must be a CSS hex colour like #337ab7.' },
        },
      });
      await openOwner();
      fireEvent.input(screen.getByLabelText('Background'), { target: { value: '#000000' } });
      await waitFor(() => expect(screen.getByTestId('vielink').style.backgroundColor).toBe('rgb(0, 0, 0)'));
      await screen.findByText('Colour must be a CSS hex colour like #337ab7.');
      await waitFor(() =>
        expect(screen.getByTestId('vielink').style.backgroundColor).toBe('rgb(255, 255, 255)'),
      );
      expect(reloads).toBe(2);
    });
  });

  describe('reordering', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = layOutRows();
    });
    afterEach(() => restore());

    const reordered = (calls: Call[]) =>
      sent(calls, 'PUT')
        .filter((c) => c.path === '/api/link/position')
        .map((c) => c.body);

    it('moves a link from the keyboard: Space picks it up, the arrows move it, Space drops it', async () => {
      const calls = ownerServer(undefined, {
        'PUT /api/link/position': ({ body }: Call) => {
          const order = (body as { linksToReorder: Array<{ linkID: string; position: number }> })
            .linksToReorder;
          const labels: Record<string, string> = { [id(1)]: 'Shop', [id(2)]: 'Blog', [id(3)]: 'Talks' };
          return {
            body: {
              links: order.map((o) => ({
                ...link(Number(o.linkID.slice(-1)), labels[o.linkID]!),
                position: o.position,
              })),
            },
          };
        },
      });
      const user = userEvent.setup();
      await openOwner();
      screen.getByRole('button', { name: 'Move Shop' }).focus();
      await user.keyboard('[Space]');
      await user.keyboard('[ArrowDown]');
      await user.keyboard('[ArrowDown]');
      await user.keyboard('[Space]');
      await waitFor(() => expect(shownLabels()).toEqual(['Blog', 'Talks', 'Shop']));
      expect(reordered(calls)).toEqual([
        {
          linksToReorder: [
            { linkID: id(2), position: 0 },
            { linkID: id(3), position: 1 },
            { linkID: id(1), position: 2 },
          ],
        },
      ]);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Move Shop' })).toBe(document.activeElement),
      );
    });

    it('sends nothing when a link is dropped where it was, or the move is cancelled with Escape', async () => {
      const calls = ownerServer();
      const user = userEvent.setup();
      await openOwner();
      screen.getByRole('button', { name: 'Move Blog' }).focus();
      await user.keyboard('[Space]');
      await user.keyboard('[Space]');
      await user.keyboard('[Enter]');
      await user.keyboard('[ArrowUp]');
      await user.keyboard('[Escape]');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(shownLabels()).toEqual(['Shop', 'Blog', 'Talks']);
      expect(reordered(calls)).toEqual([]);
    });

    it('shows a refused order’s error and puts the saved order back', async () => {
      ownerServer(undefined, {
        'PUT /api/link/position': {
          status: 409,
          body: {
            errorMessage: 'Your Vielink changed in another window at the same moment. Please try again.',
          },
        },
      });
      const user = userEvent.setup();
      await openOwner();
      screen.getByRole('button', { name: 'Move Talks' }).focus();
      await user.keyboard('[Space]');
      await user.keyboard('[ArrowUp]');
      await user.keyboard('[Space]');
      await screen.findByText('Your Vielink changed in another window at the same moment. Please try again.');
      await waitFor(() => expect(shownLabels()).toEqual(['Shop', 'Blog', 'Talks']));
    });

    it('offers no dragging at a width of 760 or less, and offers it again on a wider window', async () => {
      window.innerWidth = 760;
      ownerServer();
      await openOwner();
      screen.getByRole('button', { name: 'Edit Shop' });
      expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
      act(() => {
        window.innerWidth = 761;
        window.dispatchEvent(new Event('resize'));
      });
      screen.getByRole('button', { name: 'Move Shop' });
      act(() => {
        window.innerWidth = 375;
        window.dispatchEvent(new Event('resize'));
      });
      expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    });
  });
});
