import { useState, type Ref } from 'react';
import { messagingMessages, type MessageView } from '@vellum/proto/api';
import { editable } from './editable';
import { MessageActions } from './MessageActions';
import { MessageEditor } from './MessageEditor';
import { messageTime as time } from './messageTime';
import { MessageText } from './MessageText';
import type { MessageChanges } from './useMessageChanges';

/**
 * One message: mine on the right with its mark (Sent, then Read once the other read it) and my Edit and Delete,
 * theirs on the left; '(edited)' on an edited one, 'This message was deleted.' in place of a deleted one. The
 * search result the chat was opened on is `found`: highlighted for a moment, and focusable (`ref`).
 */
export function MessageBubble({
  message,
  mine,
  changes,
  found = false,
  ref,
}: {
  message: MessageView;
  mine: boolean;
  changes?: MessageChanges;
  found?: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  const [editing, setEditing] = useState(false);
  const name = `${mine ? 'Your' : `@${message.senderUsername}'s`} message of ${time(message.sentAt)}`;
  return (
    <li
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={`d-flex flex-column mb-2 ${mine ? 'align-items-end' : 'align-items-start'}`}
      data-found={found || undefined}
    >
      {editing && changes ? (
        <MessageEditor
          initial={message.text}
          onSave={async (text) => {
            await changes.edit(message, text);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div
          className={`rounded-3 px-3 py-2 ${found ? 'bg-warning-subtle border border-warning' : mine ? 'bg-info-subtle' : 'bg-body-tertiary'}`}
          style={{ maxWidth: '80%' }}
          data-testid="message"
        >
          <span className="visually-hidden">{mine ? 'You' : `@${message.senderUsername}`}: </span>
          {message.deleted ? (
            <em className="text-body-secondary">{messagingMessages.messageDeleted}</em>
          ) : (
            <MessageText text={message.text} />
          )}
        </div>
      )}
      <small className="text-body-secondary d-inline-flex flex-wrap gap-1" aria-label={name} role="group">
        <time dateTime={message.sentAt}>{time(message.sentAt)}</time>
        {message.editedAt && !message.deleted ? <span data-testid="edited">(edited)</span> : null}
        {mine ? <span data-testid="receipt"> · {message.read ? 'Read' : 'Sent'}</span> : null}
        {mine && changes && !message.deleted && !editing ? (
          <MessageActions
            canEdit={editable(message)}
            onEdit={() => setEditing(true)}
            onDelete={() => changes.remove(message)}
          />
        ) : null}
      </small>
    </li>
  );
}
