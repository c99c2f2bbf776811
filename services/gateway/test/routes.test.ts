import { isNavigation, serviceFor } from '../src/routes';

describe("the gateway's routes to social", () => {
  it.each([
    '/api/cirrus/ann.lee/follow',
    '/api/cirrus/ann.lee/followers',
    '/api/cirrus/ann.lee/following',
    '/api/search',
  ])('sends %s to social', (path) => {
    expect(serviceFor(path)?.service).toBe('social');
  });

  it('leaves the profile itself, sign-up and the other sub-paths to their owners', () => {
    expect(serviceFor('/api/cirrus/ann.lee')?.service).toBe('identity');
    expect(serviceFor('/api/cirrus/ann.lee/profile')?.service).toBe('identity');
    expect(serviceFor('/api/cirrus/create')?.service).toBe('identity');
    expect(serviceFor('/api/cirrus/ann.lee/followers/x')).toBeUndefined();
    expect(serviceFor('/api/cirrus/ann.lee/actions')?.service).not.toBe('social');
  });
});

describe("the gateway's routes to link", () => {
  it.each([
    '/api/link/ann.lee',
    '/api/link/ann.lee/clicks',
    '/api/link/position',
    '/api/link/set-background-color',
    '/api/link/set-item-font-color',
    '/api/link/set-item-background-color',
    '/api/link/0be7e0c4-0000-4000-8000-000000000000',
    '/api/link/go/0be7e0c4-0000-4000-8000-000000000000',
  ])('sends %s to link', (path) => {
    expect(serviceFor(path)?.service).toBe('link');
  });

  it('sends nothing else under /api/link there', () => {
    for (const path of [
      '/api/link',
      '/api/link/',
      '/api/link/ann.lee/other',
      '/api/link/go/x/y',
      '/api/links/x',
    ]) {
      expect(serviceFor(path)).toBeUndefined();
    }
  });
});

describe("the gateway's route to the Hall's feed", () => {
  it('sends /api/vellums/following to vellum, and nothing deeper', () => {
    expect(serviceFor('/api/vellums/following')?.service).toBe('vellum');
    expect(serviceFor('/api/vellums/following/x')).toBeUndefined();
    expect(serviceFor('/api/vellums/other')).toBeUndefined();
  });
});

describe("the gateway's routes to the Markdown export", () => {
  it("sends a vellum's Markdown and an owner's zip to vellum, and nothing deeper", () => {
    expect(serviceFor('/api/vellum/0be7e0c4-0000-4000-8000-000000000000/markdown')?.service).toBe('vellum');
    expect(serviceFor('/api/cirrus/ann.lee/vellums.zip')?.service).toBe('vellum');
    expect(serviceFor('/api/vellum/x/markdown/y')).toBeUndefined();
    expect(serviceFor('/api/cirrus/ann.lee/vellums.zip/x')).toBeUndefined();
    expect(serviceFor('/api/cirrus/ann.lee/vellumsXzip')).toBeUndefined();
  });
});

describe("the gateway's routes to analytics", () => {
  it.each(['/api/admin', '/api/admin/cirri', '/api/admin/series'])('sends %s to analytics', (path) => {
    expect(serviceFor(path)?.service).toBe('analytics');
  });

  it('sends nothing else under /api/admin there', () => {
    for (const path of ['/api/admin/', '/api/admin/other', '/api/admin/series/x', '/api/administrators']) {
      expect(serviceFor(path)).toBeUndefined();
    }
  });
});

describe("the gateway's routes to messaging", () => {
  const id = '0be7e0c4-0000-4000-8000-000000000000';
  it.each([
    '/api/unread-messages',
    '/api/messenger/conversations',
    `/api/messenger/conversations/${id}`,
    `/api/messenger/conversations/${id}/messages`,
    `/api/messenger/conversations/${id}/read`,
    `/api/messenger/conversations/${id}/typing`,
    `/api/messenger/conversations/${id}/search`,
    `/api/messenger/conversations/${id}/messages/${id}`,
    '/api/messenger/notifications',
    '/api/messenger/notifications/unread',
    '/api/messenger/notifications/read',
    `/messenger/${id}/vellum/ann.lee`,
    `/messenger/vellum/${id}`,
    '/socket.io/',
  ])('sends %s to messaging', (path) => {
    expect(serviceFor(path)?.service).toBe('messaging');
  });

  it("leaves the shell's messenger pages and anything else alone", () => {
    for (const path of [
      '/messenger',
      `/messenger/${id}`,
      `/messenger/${id}/ann.lee`,
      `/messenger/${id}/vellum`,
      `/messenger/${id}/vellum/ann/x`,
      '/api/messenger',
      `/api/messenger/conversations/${id}/other`,
      `/api/messenger/conversations/${id}/messages/${id}/more`,
      `/api/messenger/conversations/${id}/read/${id}`,
      `/api/messenger/conversations/${id}/search/${id}`,
      `/api/messenger/notifications/${id}`,
      '/api/messenger/notifications/read/x',
      '/api/unread-messages/x',
    ]) {
      expect(serviceFor(path)?.service).toBeUndefined();
    }
    expect(serviceFor(`/messenger/${id}/vellum/ann.lee`)?.apiOnly).toBe(true);
    expect(serviceFor(`/api/messenger/conversations/${id}`)?.apiOnly).toBeUndefined();
  });

  it('tells a navigation from an API call', () => {
    expect(isNavigation({ method: 'GET', secFetchMode: 'navigate', prefers: 'json' })).toBe(true);
    expect(isNavigation({ method: 'GET', prefers: 'html' })).toBe(true);
    expect(isNavigation({ method: 'HEAD', prefers: 'html' })).toBe(true);
    expect(isNavigation({ method: 'GET', secFetchMode: 'cors', prefers: 'json' })).toBe(false);
    expect(isNavigation({ method: 'GET', prefers: false })).toBe(false);
    expect(isNavigation({ method: 'POST', secFetchMode: 'navigate', prefers: 'html' })).toBe(false);
  });
});
