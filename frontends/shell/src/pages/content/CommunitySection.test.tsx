import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CommunitySection } from './CommunitySection';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function answer(bodies: Record<string, unknown>) {
  global.fetch = jest.fn(async (path: string) => {
    const body = bodies[path];
    if (body instanceof Error)
      return new Response(JSON.stringify({ message: body.message }), { status: 500 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
}

const vellum = (i: string, title: string, author: string) => ({
  i,
  title,
  last_edited: '2026-11-20T10:00:00.000Z',
  is_new: false,
  is_public: true,
  cirrus_i: `c-${author}`,
  owned_by_cirrus: { username: author.toLowerCase(), display_name: author },
});

describe('CommunitySection', () => {
  it('lists the showcase with authors and the creators, each linking to their page', async () => {
    answer({
      '/api/get-showcase-vellums': { vellums: [vellum('v1', 'Prompts for enzyme kinetics', 'Mira')] },
      '/api/get-creators': {
        creators: [{ i: 'c1', username: 'mira', display_name: 'Mira', publicVellums: 1200, lastEdited: '' }],
      },
    });
    render(
      <MemoryRouter>
        <CommunitySection />
      </MemoryRouter>,
    );
    const section = await screen.findByRole('region', { name: 'Published on Vellum' });
    const title = within(section).getByRole('link', { name: 'Prompts for enzyme kinetics' });
    expect(title.getAttribute('href')).toBe('/vellum/v1');
    expect(section.textContent).toContain('by Mira');
    expect(within(section).getByRole('link', { name: 'Mira' }).getAttribute('href')).toBe('/cirrus/mira');
    expect(section.textContent).toContain('1,200 public vellums');
  });

  it('shows nothing when there is nothing published, or when the calls fail', async () => {
    answer({ '/api/get-showcase-vellums': { vellums: [] }, '/api/get-creators': { creators: [] } });
    const empty = render(
      <MemoryRouter>
        <CommunitySection />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(empty.container.innerHTML).toBe('');
    empty.unmount();

    answer({ '/api/get-showcase-vellums': new Error('down'), '/api/get-creators': { creators: [] } });
    const failed = render(
      <MemoryRouter>
        <CommunitySection />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failed.container.innerHTML).toBe('');
  });
});
