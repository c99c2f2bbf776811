import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_COLUMNS,
  UNAUTHORIZED_ADMIN_ANSWER,
  type AdminCirrus,
  type AdminListAnswer,
  type SeriesDay,
} from '@vellum/proto/api';
import { renderPage, serve, type Call } from '@vellum/ui/test-support';
import AdminPage from '../src/pages/admin/AdminPage';

// uPlot draws on a canvas jsdom does not have: a stand-in records what it was asked to draw.
const drawn: Array<{ title: string; series: string[]; points: number; looks: string[] }> = [];
jest.mock('uplot', () => {
  class FakePlot {
    static tzDate = (d: Date) => d;
    constructor(
      opts: { title: string; series: { label: string; dash?: number[]; points?: { size?: number } }[] },
      data: number[][],
      target: HTMLElement,
    ) {
      const lines = opts.series.slice(1);
      drawn.push({
        title: opts.title,
        series: lines.map((s) => s.label),
        points: data[0]!.length,
        // What tells the lines apart without colour: the dash pattern and the point size.
        looks: lines.map((s) => JSON.stringify([s.dash, s.points?.size])),
      });
      target.appendChild(document.createElement('canvas'));
    }
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});

const row = (n: number, username: string): AdminCirrus => ({
  email: `${username}@example.com`,
  i: `c-${n}`,
  username,
  first_name: 'Ann',
  last_name: 'Lee',
  last_session: n === 1 ? null : '2026-03-05T10:00:00.000Z',
  vellums: 1200 + n,
  actions: n,
  created: '2026-03-01T10:00:00.000Z',
});

const days: SeriesDay[] = Array.from({ length: 90 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  signUps: i === 89 ? 3 : 0,
  verified: 0,
  activeCirri: 0,
  vellumsCreated: 0,
  vellumsPublished: 0,
  actionsCreated: 0,
  actionsCompleted: 0,
  messagesSent: 0,
  follows: 0,
  linkPagesChanged: 0,
  linkClicks: i === 89 ? 7 : 0,
}));

/** The analytics service as an admin sees it: every list answers from `rows`, sorted and filtered as asked. */
function serveAdmin() {
  return serve({
    'GET /api/admin?limit=1': { body: { ...UNAUTHORIZED_ADMIN_ANSWER, authorized: true } },
    'GET /api/admin/series?days=90': { body: { authorized: true, days } },
    ...Object.fromEntries(
      ['active', 'confirmed', 'all'].flatMap((list) =>
        ['asc', 'desc'].flatMap((dir) =>
          ['created', 'username'].flatMap((sort) =>
            ['', 'bob', 'ann'].flatMap((filter) =>
              ['', 'next'].map((cursor) => {
                const query = new URLSearchParams({ list, sort, dir, limit: '25' });
                if (filter) query.set('filter', filter);
                if (cursor) query.set('cursor', cursor);
                const all = [row(1, 'ann.one'), row(2, 'bob.two')].filter((r) => r.username.includes(filter));
                const rows = cursor ? [row(3, 'cy.three')] : dir === 'asc' ? all : [...all].reverse();
                const answer: AdminListAnswer = {
                  authorized: true,
                  rows,
                  count: all.length + 1,
                  nextCursor: cursor ? null : 'next',
                };
                return [`GET /api/admin/cirri?${query.toString()}`, { body: answer }];
              }),
            ),
          ),
        ),
      ),
    ),
  });
}

const table = async (list: string) => screen.findByTestId(`admin-${list}`);
const usernames = async (list: string) => {
  const section = await table(list);
  await within(section).findAllByText(/@example\.com/);
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]!.textContent);
};
const listCalls = (calls: Call[], list: string) =>
  calls.filter((c) => c.path.startsWith(`/api/admin/cirri?list=${list}&`)).map((c) => c.path);

describe('the admin page', () => {
  beforeEach(() => {
    drawn.length = 0;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('is Not Found unless the server says the viewer is authorized, and asks for nothing more', async () => {
    const calls = serve({ 'GET /api/admin?limit=1': { body: UNAUTHORIZED_ADMIN_ANSWER } });
    renderPage(<AdminPage />, '/admin', '/admin');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(document.title).toMatch(/Not Found/);
    expect(calls.filter((c) => c.path.startsWith('/api/admin/'))).toEqual([]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the three tables with the spec columns, counts, long dates and the charts', async () => {
    serveAdmin();
    renderPage(<AdminPage />, '/admin', '/admin');
    for (const list of ['active', 'confirmed', 'all']) {
      const section = await table(list);
      const headers = within(section)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼ ]/g, ''));
      expect(headers).toEqual([...ADMIN_COLUMNS]);
      expect(await usernames(list)).toEqual(['bob.two', 'ann.one']);
      expect(within(section).getByTestId(`admin-${list}-count`).textContent).toBe('3 Cirri');
    }
    const first = within(await table('all')).getAllByRole('row')[2]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'ann.one@example.com',
      'c-1',
      'ann.one',
      'Ann',
      'Lee',
      'Never',
      '1,201',
      '1',
      'March 1, 2026',
    ]);
    expect(await screen.findAllByTestId('admin-chart')).toHaveLength(4);
    expect(drawn.map((d) => d.title)).toEqual([
      'Cirri',
      'Vellums',
      'Actions',
      'Messages, follows and vielinks',
    ]);
    expect(drawn[0]).toMatchObject({
      title: 'Cirri',
      series: ['Sign-ups', 'Verified', 'Active Cirri'],
      points: 90,
    });
    expect(drawn[3]).toMatchObject({
      series: ['Messages sent', 'Follows', 'Vielink pages changed', 'Link clicks'],
      points: 90,
    });
    for (const chart of drawn) expect(new Set(chart.looks).size).toBe(chart.series.length);
    // The numbers without the charts: a table, newest day first.
    const numbers = screen.getByRole('table', { name: 'The last 90 days' });
    const headers = within(numbers)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    const newest = within(within(numbers).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(newest[0]!.textContent).toBe('3');
    expect(newest[headers.indexOf('Link clicks') - 1]!.textContent).toBe('7');
  });

  it('sorts, filters (once typing pauses) and pages on the server', async () => {
    const calls = serveAdmin();
    renderPage(<AdminPage />, '/admin', '/admin');
    const user = userEvent.setup();
    const all = await table('all');
    await usernames('all');

    await user.click(within(all).getByRole('button', { name: /Sort by username/ }));
    expect(await usernames('all')).toEqual(['ann.one', 'bob.two']);
    expect(listCalls(calls, 'all').at(-1)).toBe('/api/admin/cirri?list=all&sort=username&dir=asc&limit=25');
    expect(within(all).getAllByRole('columnheader')[2]!.getAttribute('aria-sort')).toBe('ascending');

    await user.type(screen.getByLabelText(/Filter cirri/), 'bob');
    await screen.findByText('2 Cirri', {}, { timeout: 10_000 });
    expect(await usernames('all')).toEqual(['bob.two']);
    // Debounced: one call for the whole word, not one per key.
    expect(
      listCalls(calls, 'all')
        .filter((p) => p.includes('filter='))
        .map((p) => p.match(/filter=(\w*)/)![1]),
    ).toEqual(['bob']);

    await user.click(within(all).getByRole('button', { name: 'Next page' }));
    expect(await within(all).findByText('cy.three')).toBeTruthy();
    expect(listCalls(calls, 'all').at(-1)).toContain('cursor=next');
    expect((within(all).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(all).getByRole('button', { name: 'Previous page' }));
    expect(await usernames('all')).toEqual(['bob.two']);
  });
});
