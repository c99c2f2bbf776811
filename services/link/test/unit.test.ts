import { Conflict, Invalid } from '@vellum/platform';
import { LINK_DEFAULT_COLORS, LINK_MAX_LINKS, linkMessages } from '@vellum/proto';
import { linkIdOf, pageOwner, visiblePage } from '../src/domain/access';
import { clickDays, clicksView, pageView } from '../src/domain/link-views';
import { addLink, busy, deleteLink, editLink, reorderLinks, setColour } from '../src/domain/page';
import type { StoredPage } from '../src/store/link-repository';

const page = (labels: string[]): StoredPage => ({
  ownerId: 'o',
  username: 'ada',
  displayName: '',
  image: '',
  colors: LINK_DEFAULT_COLORS,
  links: labels.map((label, position) => ({ id: label, label, url: `https://x.io/${label}`, position })),
  version: 7,
  verified: true,
});
const order = (p: StoredPage | undefined) => p?.links.map((l) => `${l.id}${l.position}`).join(' ');

describe('page rules', () => {
  it('adds last, edits in place, deletes and closes the gap, one version up each', () => {
    const added = addLink(page(['a', 'b']), { id: 'c', label: 'c', url: 'https://x.io' })!;
    expect([order(added.page), added.page.version, added.change.kind]).toEqual(['a0 b1 c2', 8, 'added']);
    expect(
      editLink(page(['a', 'b']), 'b', { label: 'B', url: 'https://x.io/b' })!.page.links[1],
    ).toMatchObject({
      id: 'b',
      label: 'B',
      position: 1,
    });
    expect(editLink(page(['a']), 'a', { label: 'a', url: 'https://x.io/a' })).toBeNull();
    expect(editLink(page(['a']), 'zz', { label: 'a', url: 'https://x.io/a' })).toBeNull();
    expect(order(deleteLink(page(['a', 'b', 'c']), 'a')!.page)).toBe('b0 c1');
    expect(deleteLink(page(['a']), 'zz')).toBeNull();
    const full = page(Array.from({ length: LINK_MAX_LINKS }, (_, i) => `l${i}`));
    expect(() => addLink(full, { id: 'x', label: 'x', url: 'https://x.io' })).toThrow(Invalid);
  });

  it('reorders only when a position changes and there are 2 links or more', () => {
    expect(reorderLinks(page(['a']), [{ linkID: 'a', position: 3 }])).toBeNull();
    expect(
      reorderLinks(page(['a', 'b']), [
        { linkID: 'a', position: 0 },
        { linkID: 'b', position: 1 },
      ]),
    ).toBeNull();
    const moved = reorderLinks(page(['a', 'b', 'c']), [
      { linkID: 'c', position: 0 },
      { linkID: 'a', position: 1 },
      { linkID: 'b', position: 2 },
    ])!;
    expect([order(moved.page), moved.change.kind]).toEqual(['c0 a1 b2', 'reordered']);
    expect(() =>
      reorderLinks(page(['a', 'b']), [
        { linkID: 'a', position: 1 },
        { linkID: 'a', position: 0 },
      ]),
    ).toThrow(linkMessages.reorderMismatch);
  });

  it('keeps positions dense with a stale list: links added meanwhile stay, deleted ones are ignored', () => {
    // The tab saw a, b, c; d was added and b deleted in another tab.
    const now = page(['a', 'c', 'd']);
    const moved = reorderLinks(now, [
      { linkID: 'c', position: 0 },
      { linkID: 'b', position: 1 },
      { linkID: 'a', position: 2 },
    ])!;
    expect(order(moved.page)).toBe('c0 a1 d2');
    // Gaps and ties in the request still give 0..n-1.
    const gappy = reorderLinks(page(['a', 'b', 'c']), [
      { linkID: 'c', position: 10 },
      { linkID: 'b', position: 10 },
      { linkID: 'a', position: 40 },
    ])!;
    expect(order(gappy.page)).toBe('b0 c1 a2');
  });

  it('sets a colour only when it differs', () => {
    expect(setColour(page([]), 'linkItemFontColor', '#337ab7')).toBeNull();
    const set = setColour(page([]), 'linkItemFontColor', '#000000')!;
    expect([set.page.colors.linkItemFontColor, set.page.version, set.change.kind]).toEqual([
      '#000000',
      8,
      'colours',
    ]);
    expect(() => busy()).toThrow(Conflict);
  });
});

describe('access and views', () => {
  it('lets the owner alone change the page, whatever the case of the username', () => {
    const ada = { id: '1', username: 'Ada.L' };
    expect(pageOwner(ada, 'ada.l')).toBe(ada);
    expect(() => pageOwner(ada, 'bob')).toThrow(linkMessages.ownerOnly);
  });

  it('reads anything that is not a uuid as a missing link', () => {
    expect(linkIdOf('0BE7E0C4-0000-4000-8000-000000000000')).toBe('0be7e0c4-0000-4000-8000-000000000000');
    for (const id of ['', 'x', "1' OR 1=1", 'https:%2F%2Fevil.com']) {
      expect(() => linkIdOf(id)).toThrow(linkMessages.linkNotFound);
    }
  });

  it('names the fields as spec section 3 does, with the display name falling back to the username', () => {
    expect(pageView(page(['a']))).toMatchObject({
      displayName: 'ada',
      links: [{ _id: 'a', link_label: 'a', link_url: 'https://x.io/a', position: 0 }],
      linkItemFontColor: '#337ab7',
    });
  });

  it('counts the last 30 UTC days, today last, for the links still on the page', () => {
    const today = new Date('2026-03-01T23:30:00Z');
    const days = clickDays(today);
    expect([days.length, days[0], days[29]]).toEqual([30, '2026-01-31', '2026-03-01']);
    const view = clicksView(
      page(['a']),
      [
        { linkId: 'a', day: '2026-03-01', count: 2 },
        { linkId: 'a', day: '2026-01-30', count: 9 },
        { linkId: 'gone', day: '2026-03-01', count: 4 },
      ],
      today,
    );
    expect(view.links).toEqual([{ _id: 'a', link_label: 'a', clicks: [...Array(29).fill(0), 2], total: 2 }]);
  });
});

describe('who sees a page', () => {
  it("hides an unverified account's page from all but itself, like an unknown one; older pages count when changed", () => {
    const notFound = linkMessages.pageNotFound;
    expect(() => visiblePage(null, undefined)).toThrow(notFound);
    const unverified = { ...page([]), verified: false };
    for (const viewer of [undefined, 'someone'])
      expect(() => visiblePage(unverified, viewer)).toThrow(notFound);
    expect(visiblePage(unverified, 'o')).toBe(unverified);
    expect(visiblePage(page([]), undefined).ownerId).toBe('o');
    // Stored before verification was known: its owner changed it while signed in (version 7), or never did.
    expect(visiblePage({ ...page(['a']), verified: null }, undefined).ownerId).toBe('o');
    expect(() => visiblePage({ ...page([]), version: 0, verified: null }, undefined)).toThrow(notFound);
  });
});
