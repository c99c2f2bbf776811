import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Badge, paths } from '@vellum/ui';
import { messagingMessages, type ConversationView, type PresenceView } from '@vellum/proto/api';
import { PresenceLabel } from '../presence/PresenceLabel';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One conversation: the other participant (and their presence), the last message (as text) and my unread count. */
export function ConversationRow({
  item,
  me,
  presence,
}: {
  item: ConversationView;
  me: string;
  presence?: PresenceView;
}) {
  const previewId = useId();
  const other = item.otherParticipant;
  const name = other.displayName || other.username;
  const last = item.lastMessage;
  const preview = last
    ? `${last.sender === me ? 'You: ' : ''}${last.deleted ? messagingMessages.messageDeleted : last.text}`
    : 'No messages yet.';
  return (
    <li className="list-group-item list-group-item-action p-0">
      <Link
        to={paths.chat(item.conversation)}
        className="d-flex align-items-center gap-3 p-3 text-reset text-decoration-none"
        aria-label={`Chat with ${name}${item.unread > 0 ? `, ${item.unread} unread` : ''}`}
        aria-describedby={previewId}
      >
        <Avatar username={other.username} image={other.image || null} size={44} />
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <div className="d-flex gap-2 align-items-baseline">
            <strong className="text-truncate">{name}</strong>
            <small className="text-body-secondary text-truncate">@{other.username}</small>
            <PresenceLabel presence={presence} />
            <small className="text-body-secondary ms-auto text-nowrap">
              <time dateTime={item.updatedAt}>{when(item.updatedAt)}</time>
            </small>
          </div>
          <div
            id={previewId}
            className={`text-truncate ${item.unread > 0 ? 'fw-semibold' : 'text-body-secondary'}`}
          >
            {preview}
          </div>
        </div>
        {item.unread > 0 ? (
          <Badge bg="danger" pill data-testid="conversation-unread">
            {item.unread}
            <span className="visually-hidden"> unread</span>
          </Badge>
        ) : null}
      </Link>
    </li>
  );
}
