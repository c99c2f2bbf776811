import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, paths, possessive, type SignedCirrus } from '@vellum/ui';
import type { ParticipantView } from '@vellum/proto/api';
import { PresenceLabel } from '../presence/PresenceLabel';
import { usePresence } from '../presence/usePresence';

const nameOf = (person: { displayName: string; username: string }) => person.displayName || person.username;

/**
 * The chat's header: back to the Messenger, the other participant, the two conversation vellums (each
 * participant's own, spec section 2), and what the chat adds below them (the search).
 */
export function ChatHeader({
  conversation,
  other,
  me,
  children,
}: {
  conversation: string;
  other: ParticipantView;
  me: SignedCirrus;
  children?: ReactNode;
}) {
  const mine = paths.conversationVellum(conversation, me.username);
  const theirs = paths.conversationVellum(conversation, other.username);
  const presence = usePresence([other.i]).get(other.i);
  return (
    <header className="mb-3">
      <Link to={paths.messenger()} className="small">
        ← Back to Messenger
      </Link>
      <div className="d-flex align-items-center gap-3 mt-2">
        <Avatar username={other.username} image={other.image || null} size={48} />
        <div className="flex-grow-1 min-w-0">
          <h1 className="h4 mb-0 text-break">{nameOf(other)}</h1>
          <div className="d-flex flex-wrap gap-2 align-items-baseline">
            <span className="text-body-secondary">@{other.username}</span>
            <PresenceLabel presence={presence} />
          </div>
        </div>
      </div>
      <nav className="d-flex flex-wrap gap-3 mt-2 small" aria-label="Conversation vellums">
        <Link to={mine}>My Conversation Vellum</Link>
        <Link to={theirs}>{possessive(nameOf(other))} Conversation Vellum</Link>
      </nav>
      {children}
    </header>
  );
}
