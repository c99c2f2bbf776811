import {
  LINK_DEFAULT_COLORS,
  type LinkClicksView,
  type LinkPageView,
  type LinkView,
} from '@vellum/proto/api';

export { ann, renderPage, serve } from '@vellum/ui/test-support';

/** Link ids are uuids (the service refuses anything else in a reorder). */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const link = (n: number, label: string, url = `https://example.com/${n}`): LinkView => ({
  _id: id(n),
  link_label: label,
  link_url: url,
  position: n - 1,
});

export const page = (links: LinkView[] = [], overrides: Partial<LinkPageView> = {}): LinkPageView => ({
  username: 'ann',
  displayName: 'Ann Lee',
  image: '',
  ...LINK_DEFAULT_COLORS,
  links,
  redirectPath: '/api/link/go/:id',
  ...overrides,
});

/** The owner's clicks: `counts[i]` clicks for link i, all of them today. */
export const clicks = (links: LinkView[], counts: number[]): LinkClicksView => ({
  days: Array.from({ length: 30 }, (_, day) => `2026-10-${String(day + 1).padStart(2, '0')}`),
  links: links.map((l, i) => ({
    _id: l._id,
    link_label: l.link_label,
    clicks: [...Array.from({ length: 29 }, () => 0), counts[i] ?? 0],
    total: counts[i] ?? 0,
  })),
});

/**
 * jsdom lays nothing out; dnd-kit's keyboard sensor moves a link by the rows' rectangles. Each row of the list
 * named 'Links' gets a 40-pixel-high box, one under the other, in the order of the document.
 */
export function layOutRows(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest('ul[aria-label="Links"] > li');
    if (!row) return original.call(this);
    const index = Array.from(row.parentElement!.children).indexOf(row);
    const top = 100 + index * 50;
    return { x: 0, y: top, top, left: 0, width: 300, height: 40, right: 300, bottom: top + 40, toJSON() {} };
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

/** The labels of the links in the order the page shows them. */
export const shownLabels = () =>
  Array.from(document.querySelectorAll('ul[aria-label="Links"] > li')).map(
    (li) => li.querySelector('.btn-lg')?.textContent ?? '',
  );
