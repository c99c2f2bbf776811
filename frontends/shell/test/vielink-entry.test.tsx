import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import { MemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { SessionProvider } from '@vellum/ui/core';
import { ann, serve } from '@vellum/ui/test-support';
import { routes } from '../src/app/routes';
import { SignatureMenu } from '../src/chrome/SignatureMenu';
import { RemoteRoute } from '../src/federation/RemoteRoute';

describe('the way to a Vielink', () => {
  it("links the signature menu's 'Edit My Vielink' to the signed-in person's /link/{username}", async () => {
    serve({}, { ...ann, username: 'ann.lee' });
    render(
      <SessionProvider>
        <MemoryRouter>
          <SignatureMenu />
        </MemoryRouter>
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Signature menu' }));
    expect((await screen.findByRole('link', { name: 'Edit My Vielink' })).getAttribute('href')).toBe(
      '/link/ann.lee',
    );
  });

  it("mounts the links remote's LinkPage at /link/:username", () => {
    const [match] = (matchRoutes(routes, '/link/ann') ?? []).slice(-1) as Array<{
      route: RouteObject;
      params: Record<string, string>;
    }>;
    expect(match?.route.path).toBe('/link/:username');
    expect(match?.params.username).toBe('ann');
    const element = match?.route.element;
    expect(isValidElement(element) && element.type).toBe(RemoteRoute);
    expect(isValidElement(element) && element.props).toEqual({ remote: 'links', module: 'LinkPage' });
  });
});
