import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@vellum/ui';
import { linkMessages, type LinkClicksView, type LinkPageView, type LinkView } from '@vellum/proto/api';
import { linkKeys, linksApi } from '../api/linksApi';
import { byPosition, LinkButton } from '../links/LinkButton';
import { NO_LINKS } from '../links/LinkList';
import { useIsMobile } from '../links/useIsMobile';
import { ColourPickers } from './ColourPickers';
import { DeleteLinkModal } from './DeleteLinkModal';
import { LinkFormModal } from './LinkFormModal';
import { LinkRows, type RowProps } from './LinkRows';
import { Sparkline } from './Sparkline';
import { useLinkChanges } from './useLinkChanges';

/** Clicks are the owner's extra: a failure is only logged, and the rows show no counts. */
async function loadClicks(username: string): Promise<LinkClicksView | null> {
  try {
    return await linksApi.clicks(username);
  } catch (error) {
    console.warn('Could not load the clicks', error);
    return null;
  }
}

const clicksText = (total: number) => `${total} ${total === 1 ? 'click' : 'clicks'}`;

type Editing = { link: LinkView | null } | null;

/**
 * What the owner of a Vielink gets on it (spec section 2): the colour pickers, Add Link, and per link its clicks
 * over the last 30 days, Edit, Delete ('Are you sure to delete the Link for {label}?') and, on a desktop, a handle
 * to drag it (or move it from the keyboard) to another place.
 */
export default function OwnerPanel({ page }: { page: LinkPageView }) {
  const username = page.username;
  const changes = useLinkChanges(username);
  const mobile = useIsMobile();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LinkView | null>(null);
  const [busy, setBusy] = useState(false);
  const clicks = useQuery({
    queryKey: linkKeys.clicks(username),
    queryFn: () => loadClicks(username),
    staleTime: 0,
  });
  const clicksOf = new Map((clicks.data?.links ?? []).map((row) => [row._id, row]));
  const links = byPosition(page.links);

  const reorder = (moved: LinkView[]) => {
    const placed = moved.map((link, position) => ({ ...link, position }));
    changes.setLinks(placed);
    linksApi.reorder(placed.map((link) => ({ linkID: link._id, position: link.position }))).then(
      (answer) => changes.setLinks(answer.links),
      (error: unknown) => changes.failed(error, 'The new order could not be saved.', true),
    );
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await linksApi.remove(deleting._id);
      changes.setLinks(answer.links);
      void changes.linksChanged();
      changes.done(linkMessages.deleted(answer.link.link_label));
      setDeleting(null);
    } catch (error) {
      changes.failed(error, 'The Link could not be deleted.');
    } finally {
      setBusy(false);
    }
  };

  const row = ({ link, handle, style, rowRef }: RowProps) => {
    const stats = clicksOf.get(link._id);
    return (
      <li
        key={link._id}
        ref={rowRef}
        style={style}
        className="d-flex align-items-center gap-2"
        aria-label={link.link_label}
      >
        {handle}
        <div className="flex-grow-1 min-w-0">
          <LinkButton link={link} colors={page} />
        </div>
        {stats ? (
          <span
            className="d-flex flex-column align-items-center small text-nowrap"
            title="Clicks per day over the last 30 days"
          >
            <Sparkline clicks={stats.clicks} />
            <span>{clicksText(stats.total)}</span>
          </span>
        ) : null}
        <Button
          variant="light"
          size="sm"
          aria-label={`Edit ${link.link_label}`}
          onClick={() => setEditing({ link })}
        >
          Edit
        </Button>
        <Button
          variant="light"
          size="sm"
          className="text-danger-emphasis"
          aria-label={`Delete ${link.link_label}`}
          onClick={() => setDeleting(link)}
        >
          Delete
        </Button>
      </li>
    );
  };

  return (
    <section aria-label="Your links" className="text-start">
      <ColourPickers page={page} changes={changes} />
      <div className="d-flex justify-content-center mb-3">
        <Button variant="info" onClick={() => setEditing({ link: null })}>
          Add Link
        </Button>
      </div>
      {links.length === 0 ? (
        <p className="text-center">{NO_LINKS}</p>
      ) : (
        <LinkRows links={links} sortable={!mobile} row={row} onReorder={reorder} />
      )}
      {editing ? (
        <LinkFormModal
          username={username}
          link={editing.link}
          changes={changes}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteLinkModal
        link={deleting}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
