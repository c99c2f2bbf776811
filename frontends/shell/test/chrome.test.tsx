import { ApiError, pageNavigation, setNextRoute } from '@vellum/ui';
import { logoTarget } from '../src/chrome/TopBar';
import { sidePanelEntries } from '../src/chrome/SidePanel';
import { NOT_VERIFIED, SIGN_IN_FAILED, signInErrorMessage } from '../src/auth/signInErrors';
import { afterSignIn } from '../src/auth/signInRedirect';

describe('logo target', () => {
  it('goes to the Hall only for a signed-in user already on Welcome', () => {
    expect(logoTarget(true, '/')).toBe('/hall');
    expect(logoTarget(true, '/vellums')).toBe('/');
    expect(logoTarget(false, '/')).toBe('/');
    expect(logoTarget(false, '/hall')).toBe('/');
  });
});

describe('side panel entries', () => {
  it('lists the visible entries in order and keeps the four hidden ones hidden', () => {
    const entries = sidePanelEntries('ann');
    expect(entries.filter((e) => !e.hidden).map((e) => e.label)).toEqual([
      'My Vellums',
      'New Vellum',
      'Messenger',
      'Search',
      'New Action',
      'My Actions',
      'My Public Vellums',
      'Discover Vellums',
    ]);
    expect(entries.filter((e) => e.hidden).map((e) => e.label)).toEqual([
      'New Product',
      'My Product Subscriptions',
      'New Org',
      'My Orgs',
    ]);
    expect(entries.find((e) => e.label === 'My Public Vellums')?.to).toBe('/cirrus/ann/vellums/public');
  });
});

describe('sign-in error text', () => {
  it("shows the server's message, or 'Incorrect signin credentials.' when it has none", () => {
    expect(signInErrorMessage(new ApiError(403, NOT_VERIFIED, { messages: [NOT_VERIFIED] }))).toBe(
      NOT_VERIFIED,
    );
    expect(signInErrorMessage(new ApiError(429, 'Slow down.', { error: 'Slow down.' }))).toBe('Slow down.');
    expect(signInErrorMessage(new ApiError(500, 'Request failed with status 500.', undefined))).toBe(
      SIGN_IN_FAILED,
    );
    expect(signInErrorMessage(new ApiError(0, 'offline'))).toBe(SIGN_IN_FAILED);
    expect(signInErrorMessage(new Error('boom'))).toBe(SIGN_IN_FAILED);
  });
});

describe('after sign-in', () => {
  let assign: jest.SpyInstance;
  let reload: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    reload = jest.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    sessionStorage.clear();
  });
  afterEach(() => jest.restoreAllMocks());

  it('goes to the stored next route first', () => {
    setNextRoute('/search');
    afterSignIn('ann', '/');
    expect(assign).toHaveBeenCalledWith('/search');
  });

  it('goes from the root path to the vellums list', () => {
    afterSignIn('ann', '/');
    expect(assign).toHaveBeenCalledWith('/cirrus/ann/vellums');
  });

  it('reloads any other page', () => {
    afterSignIn('ann', '/vellum/42');
    expect(reload).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});
