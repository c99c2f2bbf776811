import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActionsResponse, ConversationView, ConversationsPage, VellumListItem } from '@vellum/proto/api';
import { ann, renderPage, serve, type Answer, type Call } from '@vellum/ui/test-support';
import HallPage from '../src/pages/HallPage';
import HallSections from '../src/pages/hall/HallSections';
import { hallTexts } from '../src/pages/hall/hallTexts';

const MINE = '/api/cirrus/ann/vellums';
const ACTIONS = '/api/cirrus/ann/actions';
const CONVERSATIONS = '/api/messenger/conversations';
const FOLLOWED = '/api/vellums/following?limit=5';

const vellum = (
  n: number,
  title: string,
  author = 'ann',
  edited = `2026-03-${String(10 - n).padStart(2, '0')}`,
) =>
  ({
    i: `v-${author}-${n}`,
    title,
    last_edited: `${edited}T12:00:00.000Z`,
    is_new: false,
    is_public: true,
    cirrus_i: `c-${author}`,
    owned_by_cirrus: {
      i: `c-${author}`,
      username: author,
      display_name: author === 'ann' ? 'Ann Lee' : 'Bob Stone',
    },
  }) satisfies VellumListItem;

const action = (i: string, text: string, priority: 'High' | 'Medium' | 'Low') => ({
  i,
  text,
  priority,
  created_at: '2026-03-01T00:00:00.000Z',
});

const actions: ActionsResponse = {
  actionsHigh: [action('a-h', 'Ship the draft', 'High')],
  actionsMedium: [action('a-m1', 'Read the notes', 'Medium'), action('a-m2', 'Tidy <b>tags</b>', 'Medium')],
  actionsLow: [action('a-l1', 'Low one', 'Low'), action('a-l2', 'Low two', 'Low')],
  actionsRequested: [
    {
      ...action('r-m', 'Review my Vellum', 'Medium'),
      cirrus_id: { i: 'c-bob', username: 'bob', display_name: 'Bob Stone' },
    },
  ],
  outstandingActions: 1,
};

const conversation = (id: string, name: string, unread: number, text: string): ConversationView => ({
  conversation: id,
  otherParticipant: {
    i: `c-${id}`,
    username: name.toLowerCase(),
    displayName: name,
    image: '',
    imageBackground: '',
  },
  lastMessage: {
    id: `m-${id}`,
    conversation: id,
    sender: `c-${id}`,
    senderUsername: name.toLowerCase(),
    text,
    sentAt: '2026-03-05T00:00:00.000Z',
    read: unread === 0,
    editedAt: null,
    deleted: false,
  },
  unread,
  updatedAt: '2026-03-05T00:00:00.000Z',
});

const conversations: ConversationsPage = {
  conversations: [
    conversation('k1', 'Cy Young', 2, 'See you at noon'),
    conversation('k2', 'Dee Read', 0, 'All read'),
    conversation('k3', 'Eve Late', 1234, 'Hello?'),
  ],
  nextCursor: null,
};

const full: Record<string, Answer> = {
  [`GET ${MINE}`]: { body: { vellums: [1, 2, 3, 4, 5, 6].map((n) => vellum(n, `Mine ${n}`)) } },
  [`GET ${ACTIONS}`]: { body: actions },
  [`GET ${CONVERSATIONS}`]: { body: conversations },
  [`GET ${FOLLOWED}`]: { body: { vellums: [vellum(1, 'From Bob', 'bob'), vellum(2, '', 'bob')] } },
};

const empty: Record<string, Answer> = {
  [`GET ${MINE}`]: { body: { vellums: [] } },
  [`GET ${ACTIONS}`]: {
    body: { actionsHigh: [], actionsMedium: [], actionsLow: [], actionsRequested: [], outstandingActions: 0 },
  },
  [`GET ${CONVERSATIONS}`]: {
    body: { conversations: [conversation('k2', 'Dee Read', 0, 'All read')], nextCursor: null },
  },
  [`GET ${FOLLOWED}`]: { body: { vellums: [] } },
};

const failing = (status: number): Record<string, Answer> =>
  Object.fromEntries(
    Object.keys(full).map((call) => [call, { status, body: { error: 'Down.', code: 'x' } }]),
  );

/** Keeps the answers to `paths` from ever arriving: their sections stay loading. */
function hold(paths: string[]) {
  const answer = global.fetch;
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
    paths.includes(String(input)) ? new Promise<Response>(() => {}) : answer(input, init),
  ) as unknown as typeof fetch;
}

/** Each section's test id and texts. */
const SECTIONS = [
  ['recent', hallTexts.recent],
  ['actions', hallTexts.actions],
  ['conversations', hallTexts.conversations],
  ['followed', hallTexts.followed],
] as const;

const section = (id: string) => screen.findByTestId(`hall-${id}`);
const rows = async (id: string, heading: string) =>
  within(await within(await section(id)).findByRole('list', { name: heading })).getAllByRole('listitem');
const callsTo = (calls: Call[], path: string) => calls.filter((c) => c.path === path).length;

describe('the Hall', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows each section loading until its own answer arrives', async () => {
    serve(full);
    hold([MINE, ACTIONS, CONVERSATIONS, FOLLOWED]);
    renderPage(<HallSections />, '/hall', '/hall');
    for (const [id, texts] of SECTIONS) {
      const status = within(await section(id)).getByRole('status');
      expect(status.textContent).toBe(hallTexts.loading(texts.heading));
      expect(within(await section(id)).queryByRole('list')).toBeNull();
    }
  });

  it('lists my 5 newest vellums, my highest-priority actions, unread conversations and followed vellums, one request each', async () => {
    const calls = serve(full);
    renderPage(<HallSections />, '/hall', '/hall');

    const recent = await rows('recent', hallTexts.recent.heading);
    expect(recent.map((r) => r.textContent)).toEqual([
      'Mine 1March 9, 2026',
      'Mine 2March 8, 2026',
      'Mine 3March 7, 2026',
      'Mine 4March 6, 2026',
      'Mine 5March 5, 2026',
    ]);
    expect(within(recent[0]!).getByRole('link').getAttribute('href')).toBe('/vellum/v-ann-1');

    const open = await rows('actions', hallTexts.actions.heading);
    expect(open.map((r) => r.textContent)).toEqual([
      'HighShip the draft',
      `MediumReview my Vellum${hallTexts.requestedBy('Bob Stone')}`,
      'MediumRead the notes',
      'MediumTidy <b>tags</b>',
      'LowLow one',
    ]);

    const unread = await rows('conversations', hallTexts.conversations.heading);
    expect(unread.map((r) => r.textContent)).toEqual([
      `Cy Young${hallTexts.unread(2)}See you at noon`,
      `Eve Late${hallTexts.unread(1234)}Hello?`,
    ]);
    expect(hallTexts.unread(1234)).toBe('1,234 unread');
    expect(within(unread[1]!).getByRole('link').getAttribute('href')).toBe('/messenger/k3');

    const followed = await rows('followed', hallTexts.followed.heading);
    expect(followed.map((r) => r.textContent)).toEqual([
      'From BobBob Stone · March 9, 2026',
      `${hallTexts.untitled}Bob Stone · March 8, 2026`,
    ]);

    const more = (id: string, name: string) =>
      within(screen.getByTestId(`hall-${id}`))
        .getByRole('link', { name })
        .getAttribute('href');
    expect(more('recent', hallTexts.recent.more)).toBe('/cirrus/ann/vellums');
    expect(more('actions', hallTexts.actions.more)).toBe('/cirrus/ann/actions');
    expect(more('conversations', hallTexts.conversations.more)).toBe('/messenger');
    expect(more('followed', hallTexts.followed.more)).toBe('/vellums');
    for (const path of [MINE, ACTIONS, CONVERSATIONS, FOLLOWED]) expect(callsTo(calls, path)).toBe(1);
  });

  it('says so when a section has nothing, and offers a new vellum', async () => {
    serve(empty);
    const page = renderPage(<HallSections />, '/hall', '/hall');
    for (const [id, texts] of SECTIONS) {
      await within(await section(id)).findByText(texts.empty);
      expect(within(await section(id)).queryByRole('list')).toBeNull();
    }
    await userEvent.click(within(await section('recent')).getByRole('link', { name: hallTexts.newVellum }));
    expect(page.router.state.location.pathname).toBe('/new-vellum');
  });

  it('shows each failed section its own error and keeps the others', async () => {
    serve({ ...full, ...failing(500), [`GET ${ACTIONS}`]: { body: actions } });
    renderPage(<HallSections />, '/hall', '/hall');
    await within(await section('recent')).findByText(hallTexts.recent.error);
    await within(await section('conversations')).findByText(hallTexts.conversations.error);
    await within(await section('followed')).findByText(hallTexts.followed.error);
    expect(await rows('actions', hallTexts.actions.heading)).toHaveLength(5);
    await within(await section('actions')).findByText('Ship the draft');
    expect(console.warn).toHaveBeenCalled();
  });

  it('reads a messaging service that is not there (404) as no conversations, and one that is down (503) as an error', async () => {
    serve({ ...full, [`GET ${CONVERSATIONS}`]: { status: 404, body: { error: 'Not found.' } } });
    const first = renderPage(<HallSections />, '/hall', '/hall');
    await within(await section('conversations')).findByText(hallTexts.conversations.empty);
    first.unmount();

    serve({
      ...full,
      [`GET ${CONVERSATIONS}`]: { status: 503, body: { error: 'Unavailable.', code: 'unavailable' } },
    });
    renderPage(<HallSections />, '/hall', '/hall');
    await within(await section('conversations')).findByText(hallTexts.conversations.error);
  });

  it('is the empty page titled Hall for a visitor, asking nothing', async () => {
    const calls = serve(full, null);
    renderPage(<HallPage />, '/hall', '/hall');
    await screen.findByRole('heading', { level: 1, name: 'Hall' });
    expect(document.title).toBe('Hall');
    await screen.findByTestId('hall');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/') && p !== '/api/sc')).toEqual([]);
  });

  it('loads the sections as their own chunk for the signed-in', async () => {
    serve(full, ann);
    renderPage(<HallPage />, '/hall', '/hall');
    expect(await rows('actions', hallTexts.actions.heading)).toHaveLength(5);
    expect(document.title).toBe('Hall');
  });
});
