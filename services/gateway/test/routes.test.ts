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
    expect(serviceFor('/api/cirrus/create')?.service).toBe('identity');
    expect(serviceFor('/api/cirrus/ann.lee/followers/x')).toBeUndefined();
    expect(serviceFor('/api/cirrus/ann.lee/actions')?.service).not.toBe('social');
  });
});
