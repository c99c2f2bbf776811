import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useNotificationCount } from './useNotificationCount';

// The list, its calls and its texts load when the bell is first opened: never with the welcome page.
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

/** A bell drawn in SVG: an emoji's glyph is missing where no emoji font is installed. */
const BellIcon = () => (
  <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm5-5V7a5 5 0 0 0-4-4.9V1a1 1 0 0 0-2 0v1.1A5 5 0 0 0 3 7v4l-1.5 1.5V13h13v-.5L13 11z" />
  </svg>
);

/** The bell's accessible name: 'Notifications, 3 unread' (or 'Notifications' with none). */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * Issue 29: the top bar's bell with the unread count. A button: it opens the panel (the list), and Escape, a click
 * outside or the bell again close it, focus going back to the bell.
 */
export function NotificationBell({ username }: { username: string }) {
  const unread = useNotificationCount(username);
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) bell.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, close]);
  return (
    <div className="position-relative" ref={wrapper}>
      <Button
        ref={bell}
        variant="light"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        {unread > 0 ? (
          <Badge bg="danger" pill className="ms-1" data-testid="notification-badge" aria-hidden="true">
            {unread}
          </Badge>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel id={panelId} username={username} onNavigate={() => close(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
