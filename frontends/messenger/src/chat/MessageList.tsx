import { useRef } from 'react';
import { Button } from '@vellum/ui';
import type { MessageView } from '@vellum/proto/api';
import { MessageBubble } from './MessageBubble';
import { useKeptScroll } from './useKeptScroll';
import type { MessageChanges } from './useMessageChanges';

/** Near the top, older messages load by themselves. */
const LOAD_OLDER_PX = 48;

export interface MessageListProps {
  /** Newest first, as the service pages them. */
  messages: MessageView[];
  me: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** Editing and deleting my messages. */
  changes?: MessageChanges;
}

/** The history, oldest at the top and newest at the bottom; scrolling up (or the button) loads older pages. */
export function MessageList({
  messages,
  me,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  changes,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const shown = [...messages].reverse();
  const newest = messages[0];
  const remember = useKeptScroll(box, shown[0]?.id, newest?.id, newest?.sender === me);
  const onScroll = () => {
    remember();
    if (hasOlder && !loadingOlder && (box.current?.scrollTop ?? 1) < LOAD_OLDER_PX) onLoadOlder();
  };
  return (
    <div
      ref={box}
      onScroll={onScroll}
      className="border rounded-3 p-3 overflow-auto"
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
          <MessageBubble key={message.id} message={message} mine={message.sender === me} changes={changes} />
        ))}
      </ol>
    </div>
  );
}
