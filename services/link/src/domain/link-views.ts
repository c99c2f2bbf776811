import {
  LINK_CLICK_DAYS,
  type LinkChanged,
  type LinkClicksView,
  type LinkPageView,
  type LinkView,
} from '@vellum/proto';
import type { ClickCount, StoredLink, StoredPage } from '../store/link-repository';

/** Where a visitor's click is counted before it goes on to the link's stored URL. */
export const redirectPath = (linkId: string) => `/api/link/go/${linkId}`;

/** A link as spec section 3 names its fields. */
export const linkView = (l: StoredLink): LinkView => ({
  _id: l.id,
  link_label: l.label,
  link_url: l.url,
  position: l.position,
});

export const pageView = (p: StoredPage): LinkPageView => ({
  links: p.links.map(linkView),
  username: p.username,
  displayName: p.displayName || p.username,
  image: p.image,
  ...p.colors,
  redirectPath: redirectPath(':id'),
});

export const changedView = (p: StoredPage, link: StoredLink): LinkChanged => ({
  link: linkView(link),
  links: p.links.map(linkView),
});

/** A UTC day as `YYYY-MM-DD`. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The last 30 UTC days, today last. */
export function clickDays(today: Date): string[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: LINK_CLICK_DAYS }, (_, i) =>
    dayOf(new Date(start - (LINK_CLICK_DAYS - 1 - i) * 86_400_000)),
  );
}

/** The oldest day the owner still sees on `day` (`YYYY-MM-DD`): older counts are never shown again. */
export const oldestShownDay = (day: string) => clickDays(new Date(`${day}T00:00:00Z`))[0]!;

/** Per link of the page (by position), its clicks on each of the last 30 days; links deleted since are left out. */
export function clicksView(page: StoredPage, counts: ClickCount[], today: Date): LinkClicksView {
  const days = clickDays(today);
  const index = new Map(days.map((day, i) => [day, i]));
  // One pass over the counts (a link and day each: up to links × days of them), not one per link.
  const byLink = new Map(page.links.map((link) => [link.id, days.map(() => 0)]));
  for (const c of counts) {
    const i = index.get(c.day);
    const clicks = byLink.get(c.linkId);
    if (clicks && i !== undefined) clicks[i]! += c.count;
  }
  return {
    days,
    links: page.links.map((link) => {
      const clicks = byLink.get(link.id)!;
      return {
        _id: link.id,
        link_label: link.label,
        clicks,
        total: clicks.reduce((a, b) => a + b, 0),
      };
    }),
  };
}
