import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { isApiError, paths } from '@vellum/ui/core';
import { notificationMessages, type NotificationsPage, type NotificationView } from '@vellum/proto/api';
import { notificationKeys, notificationsApi } from './notificationsApi';
import { fullTime, relativeTime } from './relativeTime';

/** A path of ours only (the server's `target`): never another origin. */
const isOwnPath = (target: string) => target.startsWith('/') && !target.startsWith('//');

function Entry({ n, onNavigate }: { n: NotificationView; onNavigate(): void }) {
  return (
    <li className={`list-group-item ${n.read ? '' : 'bg-light fw-semibold'}`} data-testid="notification">
      <Link to={paths.cirrus(n.actor.username)} onClick={onNavigate}>
        {n.actor.displayName || n.actor.username}
      </Link>{' '}
      {notificationMessages.what[n.kind] ?? ''}{' '}
      <time className="text-muted small" dateTime={n.at} title={fullTime(n.at)}>
        {relativeTime(n.at)}
      </time>
      {isOwnPath(n.target) ? (
        <>
          {' · '}
          <Link to={n.target} onClick={onNavigate} className="small">
            Open<span className="visually-hidden"> what {n.actor.username} did</span>
          </Link>
        </>
      ) : null}
      {n.read ? null : <span className="visually-hidden"> (new)</span>}
    </li>
  );
}

/** Arrow keys move between the panel's links and buttons (Tab reaches them too). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('a, button')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
  items[(next + items.length) % items.length]!.focus();
}

/**
 * The bell's list, newest first, 'More' for older pages. Opening it marks read what it shows (up to the newest
 * entry: one that came meanwhile stays unread); 'Clear all' empties it.
 */
export default function NotificationsPanel({
  id,
  username,
  onNavigate,
}: {
  id: string;
  username: string;
  onNavigate(): void;
}) {
  const queryClient = useQueryClient();
  const [clearError, setClearError] = useState<string | null>(null);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list(username),
    queryFn: ({ pageParam }) => notificationsApi.page(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const notifications = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const newest = notifications[0];
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || newest.read || markedUpTo.current === newest.id) return;
    markedUpTo.current = newest.id;
    notificationsApi.markRead(newest.id).then(
      (count) => queryClient.setQueryData(notificationKeys.count(username), count),
      (error: unknown) => console.warn('Could not mark the notifications read', error),
    );
  }, [newest, queryClient, username]);

  const clear = async () => {
    setClearError(null);
    try {
      const count = await notificationsApi.clear();
      queryClient.setQueryData<InfiniteData<NotificationsPage, string | undefined>>(
        notificationKeys.list(username),
        { pages: [{ notifications: [], nextCursor: null, unread: 0 }], pageParams: [undefined] },
      );
      queryClient.setQueryData(notificationKeys.count(username), count);
    } catch (error) {
      setClearError(isApiError(error) ? error.message : 'Your notifications could not be cleared.');
    }
  };

  return (
    <section
      id={id}
      aria-label="Notifications"
      className="card shadow position-absolute end-0 mt-1"
      style={{ width: '22rem', maxWidth: '90vw', zIndex: 1050 }}
      data-testid="notifications-panel"
      onKeyDown={moveFocus}
    >
      <div className="card-header d-flex align-items-center justify-content-between">
        <h2 className="h6 m-0">Notifications</h2>
        {notifications.length > 0 ? (
          <Button size="sm" variant="outline-dark" onClick={() => void clear()}>
            Clear all
          </Button>
        ) : null}
      </div>
      {clearError ? (
        <Alert variant="danger" className="m-2 mb-0 py-1">
          {clearError}
        </Alert>
      ) : null}
      {list.isPending ? (
        <div className="p-3 text-center" role="status">
          <Spinner animation="border" size="sm" /> <span>Loading notifications…</span>
        </div>
      ) : list.isError ? (
        <div className="p-3">
          <Alert variant="danger" className="mb-2">
            {isApiError(list.error) ? list.error.message : notificationMessages.loadFailed}
          </Alert>
          <Button size="sm" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : notifications.length === 0 ? (
        <p className="p-3 m-0 text-muted">{notificationMessages.empty}</p>
      ) : (
        <ul className="list-group list-group-flush" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {notifications.map((n) => (
            <Entry key={n.id} n={n} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="card-footer text-center">
          <Button
            size="sm"
            variant="link"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'More'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
