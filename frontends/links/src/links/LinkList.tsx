import type { LinkPageView } from '@vellum/proto/api';
import { byPosition, LinkButton } from './LinkButton';

export const NO_LINKS = 'No Links yet.';

/** What a visitor sees of the links: one button per link, by position. */
export function LinkList({ page }: { page: LinkPageView }) {
  if (page.links.length === 0) return <p>{NO_LINKS}</p>;
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Links">
      {byPosition(page.links).map((link) => (
        <li key={link._id}>
          <LinkButton link={link} colors={page} />
        </li>
      ))}
    </ul>
  );
}
