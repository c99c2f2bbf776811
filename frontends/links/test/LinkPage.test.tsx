import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LinkPage from '../src/pages/LinkPage';
import { qrPath } from '../src/links/QrCode';
import { ann, link, page, renderPage, serve } from './support';

const PATH = '/link/:username';
const PAGE = 'GET /api/link/ann';
const open = (url = '/link/ann') => renderPage(<LinkPage />, PATH, url);
const bob = { ...ann, i: 'c-bob', username: 'bob', displayName: 'Bob Stone', name: 'Bob Stone' };

describe('the Vielink page, for a visitor', () => {
  it('shows the avatar, display name, @username, the master link and each link in the page’s colours', async () => {
    serve(
      {
        [PAGE]: {
          body: page(
            [link(2, 'Blog', 'https://blog.example.com'), link(1, 'Shop', 'https://shop.example.com')],
            {
              linkBackgroundColor: '#102030',
              linkItemFontColor: '#aabbcc',
              linkItemBackgroundColor: '#334455',
            },
          ),
        },
      },
      null,
    );
    open();
    await screen.findByRole('heading', { level: 1, name: 'Ann Lee' });
    screen.getByText('@ann');
    screen.getByRole('img', { name: '@ann' });
    screen.getByRole('button', { name: 'http://localhost/link/ann' });
    expect(document.title).toBe("Ann Lee's Vielink");
    expect(screen.getByTestId('vielink').style.backgroundColor).toBe('rgb(16, 32, 48)');
    // Light text on the dark background.
    expect(screen.getByTestId('vielink').style.color).toBe('rgb(255, 255, 255)');

    const links = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Shop', 'Blog']);
    for (const [a, n] of [
      [links[0]!, 1],
      [links[1]!, 2],
    ] as const) {
      expect(a.getAttribute('href')).toBe(`/api/link/go/00000000-0000-4000-8000-00000000000${n}`);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.style.color).toBe('rgb(170, 187, 204)');
      expect(a.style.backgroundColor).toBe('rgb(51, 68, 85)');
    }
  });

  it("says 'No Links yet.' for a page without links, in the default colours", async () => {
    serve({ [PAGE]: { body: page() } }, null);
    open();
    await screen.findByText('No Links yet.');
    expect(screen.getByTestId('vielink').style.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(screen.getByTestId('vielink').style.color).toBe('rgb(33, 37, 41)');
  });

  it('is Not Found for an unknown username', async () => {
    serve({}, null);
    open('/link/nobody');
    await screen.findByText('Not Found');
    expect(document.title).toBe('Not Found');
  });

  it('says what went wrong when the page cannot be loaded for another reason', async () => {
    serve({ [PAGE]: { status: 503, body: { errorMessage: 'The link service is unavailable.' } } }, null);
    open();
    await screen.findByText('The link service is unavailable.');
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  it("copies the master link with a click and says 'Copied to clipboard.'", async () => {
    serve({ [PAGE]: { body: page() } }, null);
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    open();
    await user.click(await screen.findByRole('button', { name: 'http://localhost/link/ann' }));
    await screen.findByText('Copied to clipboard.');
    expect(writeText).toHaveBeenCalledWith('http://localhost/link/ann');
    await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost/link/ann');
  });

  it('shows a QR code of the master link, downloadable as an SVG file', async () => {
    serve({ [PAGE]: { body: page() } }, null);
    open();
    const code = await screen.findByRole('img', { name: 'QR code of http://localhost/link/ann' });
    const shown = code.querySelector('path')!.getAttribute('d')!;
    expect(shown).toBe(qrPath('http://localhost/link/ann').d);
    expect(shown).not.toBe(qrPath('http://localhost/link/bob').d);
    const download = screen.getByRole('link', { name: 'Download QR code' });
    expect(download.getAttribute('download')).toBe('ann-vielink-qr.svg');
    const href = download.getAttribute('href')!;
    expect(href.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const file = new DOMParser().parseFromString(
      decodeURIComponent(href.slice(href.indexOf(',') + 1)),
      'image/svg+xml',
    );
    expect(file.documentElement.tagName).toBe('svg');
    expect(file.querySelector('path')!.getAttribute('d')).toBe(shown);
  });

  it('encodes a QR code whose three finder patterns sit in the corners', () => {
    const { size, d } = qrPath('http://localhost/link/ann');
    const dark = new Set([...d.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));
    // Border of 2, then a 7×7 finder: its outer ring is dark, the ring inside it light, its 3×3 centre dark.
    for (const [x0, y0] of [
      [2, 2],
      [size - 9, 2],
      [2, size - 9],
    ] as const) {
      expect(dark.has(`${x0},${y0}`)).toBe(true);
      expect(dark.has(`${x0 + 6},${y0 + 6}`)).toBe(true);
      expect(dark.has(`${x0 + 1},${y0 + 1}`)).toBe(false);
      expect(dark.has(`${x0 + 3},${y0 + 3}`)).toBe(true);
    }
    expect(dark.has('0,0')).toBe(false);
  });

  it('renders markup in labels as text and never puts an unsafe stored URL in an href', async () => {
    const payloads = [
      '<img src=x onerror="window.__pwned=1">',
      '<script>window.__pwned=1</script>',
      '"><svg onload=alert(1)>',
    ];
    serve(
      {
        [PAGE]: {
          body: page([
            link(1, payloads[0]!, 'javascript:window.__pwned=1'),
            link(2, payloads[1]!, 'data:text/html,<script>alert(1)</script>'),
            link(3, payloads[2]!, 'https://safe.example.com'),
            link(4, 'Spaced', 'java\tscript:alert(1)'),
          ]),
        },
      },
      null,
    );
    open();
    const list = await screen.findByRole('list', { name: 'Links' });
    for (const payload of payloads) within(list).getByText(payload);
    expect(list.querySelector('img, script, svg')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // Only the safe link is a link; the others are disabled buttons with no address at all.
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([payloads[2]]);
    for (const anchor of document.querySelectorAll('[href]')) {
      expect(anchor.getAttribute('href')).not.toMatch(/^\s*(javascript|data:text|vbscript)/i);
    }
    expect(within(list).getByText('Spaced').getAttribute('aria-disabled')).toBe('true');
  });

  it.each([
    ['a visitor', null],
    ['another signed-in person', bob],
  ] as const)('gives %s no owner tools and asks for no clicks', async (_who, signedIn) => {
    const calls = serve({ [PAGE]: { body: page([link(1, 'Shop')]) } }, signedIn);
    open();
    await screen.findByRole('link', { name: 'Shop' });
    await waitFor(() => expect(calls.some((c) => c.path === '/check_session')).toBe(true));
    // The session's answer and a lazily loaded owner panel would have arrived by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: 'Add Link' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Move) / })).toBeNull();
    expect(screen.queryByLabelText('Background')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/clicks'))).toBe(false);
  });
});
