/** @jest-environment jsdom */
import './test-setup/textEncoding.js';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import AboutPage from './AboutPage';
import InfoPage, { type InfoPageName } from './InfoPage';
import WelcomeContent from './WelcomeContent';

/** Heading levels in document order never skip a level. */
function expectHeadingsInOrder(container: HTMLElement) {
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) =>
    Number(h.tagName[1]),
  );
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1));
}

describe('WelcomeContent', () => {
  it('is about note-taking for AI chat prompts, and Sign Up calls onSignUp', async () => {
    const onSignUp = jest.fn();
    const { container } = render(<WelcomeContent onSignUp={onSignUp} />);
    expect(document.title).toBe('Vellum — notes for your AI chat prompts');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/prompts/);
    expect(container.textContent).toMatch(/Note-taking for AI chat prompts/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSignUp).toHaveBeenCalledTimes(1);
    expectHeadingsInOrder(container);
  });

  it('shows the logos, both blocks, a student testimonial and the audiences', () => {
    const { container } = render(<WelcomeContent onSignUp={() => {}} />);
    const logos = within(
      screen.getByRole('region', { name: 'Organisations that trust Vellum' }),
    ).getAllByRole('img');
    expect(logos.length).toBeGreaterThanOrEqual(4);
    logos.forEach((logo) => expect(logo.getAttribute('aria-label')).toMatch(/ logo$/));
    expect(container.querySelector('img')).toBeNull();

    screen.getByRole('heading', { level: 2, name: 'Trusted by Professionals' });
    const students = screen.getByRole('region', { name: 'Relied upon by Students' });
    within(students).getByRole('blockquote');
    expect(within(students).getByText(/student$/).textContent).toBe('Third-year chemistry student');

    const text = container.textContent!;
    for (const audience of [
      'Students',
      'Teachers',
      'Writers and influencers',
      'Entrepreneurs',
      'Researchers and engineers',
      'chat-style AI tool',
      'began in 2010 as a free student notes app',
    ]) {
      expect(text).toContain(audience);
    }
  });
});

describe('AboutPage', () => {
  it('tells the story and shows the team tiles', () => {
    const { container } = render(<AboutPage />);
    expect(document.title).toBe('About');
    screen.getByRole('heading', { name: 'Our story' });
    const team = screen.getByRole('region', { name: 'The team' });
    expect(within(team).getAllByRole('heading', { level: 3 }).length).toBe(6);
    expect(within(team).getByText('HL').getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toContain('2010');
    expectHeadingsInOrder(container);
  });
});

describe('InfoPage', () => {
  const pages: Array<[InfoPageName, string]> = [
    ['about', 'About Vellum'],
    ['version', 'Version'],
    ['start', 'Getting Started'],
    ['support', 'Contact and Support'],
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms of Service'],
    ['rules', 'Community Rules'],
  ];

  it.each(pages)('%s sets the title %s and has one main heading', (page, title) => {
    const { container } = render(
      <MemoryRouter>
        <InfoPage page={page} />
      </MemoryRouter>,
    );
    expect(document.title).toBe(title);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(container.textContent!.length).toBeGreaterThan(400);
    expectHeadingsInOrder(container);
  });

  it('shows version 24.10.0', () => {
    render(
      <MemoryRouter>
        <InfoPage page="version" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('product-version').textContent).toBe('24.10.0');
  });

  it('links to pages of the product', () => {
    render(
      <MemoryRouter>
        <InfoPage page="start" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(screen.getByRole('link', { name: 'Discover Vellums' }).getAttribute('href')).toBe('/vellums');
  });

  it('the legal pages carry their date', () => {
    for (const page of ['privacy', 'terms', 'rules'] as const) {
      const { unmount } = render(
        <MemoryRouter>
          <InfoPage page={page} />
        </MemoryRouter>,
      );
      screen.getByText('Last updated: October 1, 2024');
      unmount();
    }
  });
});
