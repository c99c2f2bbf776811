import { serviceFor } from '../src/routes';

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
