import { render, screen, within } from '@testing-library/react';
import { createStandaloneApp, type StandaloneAppOptions } from '../src/standalone/StandaloneApp';
import { useAuthModals, useSession } from '../src';
import { ann, serve } from '../test-support';

function Home() {
  const { signedCirrus } = useSession();
  const { openSignIn } = useAuthModals();
  return (
    <button type="button" onClick={() => openSignIn()}>
      {signedCirrus ? `Hello ${signedCirrus.username}` : 'Hello visitor'}
    </button>
  );
}

const options: StandaloneAppOptions = {
  name: 'editor',
  routes: [{ path: '/', element: <Home /> }],
  links: (signedCirrus) => [
    { to: '/everyone', label: 'Everyone' },
    ...(signedCirrus ? [{ to: `/mine/${signedCirrus.username}`, label: 'Mine' }] : []),
  ],
};

describe('the standalone app of a remote', () => {
  it("shows the remote's pages under a bar of links, with the session the pages read", async () => {
    serve({});
    const App = createStandaloneApp(options);
    render(<App />);
    await screen.findByText('Hello ann');
    const nav = screen.getByRole('navigation', { name: 'Editor' });
    within(nav).getByText('Vellum editor (standalone)');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/everyone', `/mine/${ann.username}`]);
  });

  it('gives a visitor the public links only, and sign-in points to the shell', async () => {
    serve({}, null);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const App = createStandaloneApp(options);
    render(<App />);
    (await screen.findByText('Hello visitor')).click();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Everyone']);
    expect(alert).toHaveBeenCalledWith(
      'Sign in through the Vellum app; this page then sees the same session.',
    );
  });
});
