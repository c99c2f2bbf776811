import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@vellum/ui';
import type { MessageView } from '@vellum/proto/api';
import { firstUnread } from './firstUnread';
import { MessageBubble } from './MessageBubble';
import { NewMessagesDivider } from './NewMessagesDivider';
import { useKeptScroll } from './useKeptScroll';
import type { MessageChanges } from './useMessageChanges';

/** Near the top, older messages load by themselves; near the bottom of a search's page, newer ones. */
const LOAD_OLDER_PX = 48;
/** How long the message a search opened the chat on stays highlighted. */
const FOUND_HIGHLIGHT_MS = 2500;
/** Older pages loaded by themselves to reach the first unread message, at most (then the divider tops the loaded). */
const PAGES_TO_FIRST_UNREAD = 5;

export interface MessageListProps {
  /** Newest first, as the service pages them. */
  messages: MessageView[];
  me: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** The conversation's unread messages when the chat opened: the 'New messages' divider goes above the first. */
  unreadAtOpen?: number;
  /** Editing and deleting my messages. */
  changes?: MessageChanges;
  /** A search's page: newer messages to load below (scrolling down or the button), towards the newest. */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?(): void;
  /** The message a search's result opened the chat on: scrolled to, focused and highlighted for a moment. */
  found?: string;
}

/**
 * The history, oldest at the top and newest at the bottom; scrolling up (or the button) loads older pages. A chat
 * opened with unread messages shows them under a 'New messages' divider and opens there, loading older pages until
 * it is reached.
 */
export function MessageList({
  messages,
  me,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  unreadAtOpen = 0,
  changes,
  hasNewer = false,
  loadingNewer = false,
  onLoadNewer,
  found,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLLIElement>(null);
  const foundItem = useRef<HTMLLIElement>(null);
  const shown = [...messages].reverse();
  const newest = messages[0];
  // While newer messages are still to load, a new one does not pull the reader away from where they read.
  const remember = useKeptScroll(box, shown[0]?.id, newest?.id, newest?.sender === me, !hasNewer);
  const [highlighted, setHighlighted] = useState(found);
  // Once, when the chat opens on it (after useKeptScroll's opening scroll): later pages keep the reader where they are.
  const openedOnFound = useRef(false);
  useLayoutEffect(() => {
    const item = foundItem.current;
    if (openedOnFound.current || !item) return;
    openedOnFound.current = true;
    item.scrollIntoView?.({ block: 'center' });
    item.focus({ preventScroll: true });
    remember();
  });
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(undefined), FOUND_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  const unread = firstUnread(messages, me, unreadAtOpen);
  const autoLoads = useRef(0);
  useEffect(() => {
    if (unread.found || !hasOlder || loadingOlder || autoLoads.current >= PAGES_TO_FIRST_UNREAD) return;
    autoLoads.current += 1;
    onLoadOlder();
  }, [unread.found, hasOlder, loadingOlder, onLoadOlder]);
  // After useKeptScroll's own layout effect: once the first unread is loaded, the chat opens on it (once).
  const jumped = useRef(false);
  const settled = unread.found || !hasOlder || autoLoads.current >= PAGES_TO_FIRST_UNREAD;
  useLayoutEffect(() => {
    const element = box.current;
    if (jumped.current || !element || !divider.current || !settled) return;
    jumped.current = true;
    element.scrollTop = divider.current.offsetTop - 8;
    remember();
  }, [settled, unread.id, remember]);
  const onScroll = () => {
    remember();
    const element = box.current;
    if (!element) return;
    if (hasOlder && !loadingOlder && element.scrollTop < LOAD_OLDER_PX) onLoadOlder();
    const below = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (hasNewer && !loadingNewer && onLoadNewer && below < LOAD_OLDER_PX) onLoadNewer();
  };
  return (
    <div
      ref={box}
      onScroll={onScroll}
      className="border rounded-3 p-3 overflow-auto position-relative"
      style={{ height: 'calc(100vh - 360px)', minHeight: 240 }}
      tabIndex={0}
      role="region"
      aria-label="Chat history"
    >
      {hasOlder ? (
        <div className="text-center mb-2">
          <Button variant="light" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
          </Button>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-body-secondary text-center my-4">No messages yet. Say hello!</p>
      ) : null}
      <ol className="list-unstyled mb-0" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        {shown.map((message) => (
          <Fragment key={message.id}>
            {message.id === unread.id ? <NewMessagesDivider ref={divider} /> : null}
            <MessageBubble
              message={message}
              mine={message.sender === me}
              changes={changes}
              found={message.id === highlighted}
              ref={message.id === found ? foundItem : undefined}
            />
          </Fragment>
        ))}
      </ol>
      {hasNewer && onLoadNewer ? (
        <div className="text-center mt-2">
          <Button variant="light" size="sm" onClick={onLoadNewer} disabled={loadingNewer}>
            {loadingNewer ? 'Loading newer messages…' : 'Load newer messages'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
