import type { MessageView } from '@vellum/proto/api';
import { MessageText } from './MessageText';

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One message: mine on the right with its mark (Sent, then Read once the other read it), theirs on the left. */
export function MessageBubble({ message, mine }: { message: MessageView; mine: boolean }) {
  return (
    <li className={`d-flex flex-column mb-2 ${mine ? 'align-items-end' : 'align-items-start'}`}>
      <div
        className={`rounded-3 px-3 py-2 ${mine ? 'bg-info-subtle' : 'bg-body-tertiary'}`}
        style={{ maxWidth: '80%' }}
        data-testid="message"
      >
        <span className="visually-hidden">{mine ? 'You' : `@${message.senderUsername}`}: </span>
        <MessageText text={message.text} />
      </div>
      <small className="text-body-secondary">
        <time dateTime={message.sentAt}>{time(message.sentAt)}</time>
        {mine ? <span data-testid="receipt"> · {message.read ? 'Read' : 'Sent'}</span> : null}
      </small>
    </li>
  );
}
