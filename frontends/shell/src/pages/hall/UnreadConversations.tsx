import { Link } from 'react-router-dom';
import Badge from 'react-bootstrap/Badge';
import { messagingMessages, type ConversationsPage } from '@vellum/proto/api';
import { isApiError, paths } from '@vellum/ui/core';
import { HallSection } from './HallSection';
import { hallApi, hallKeys } from './hallApi';
import { hallTexts } from './hallTexts';
import { unreadConversations } from './selectRows';
import { useSection } from './useSection';

const NONE: ConversationsPage = { conversations: [], nextCursor: null };

/** Where no messaging service answers the path (404: not deployed), there are no conversations to show. */
async function loadConversations(): Promise<ConversationsPage> {
  try {
    return await hallApi.conversations();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return NONE;
    throw error;
  }
}

/** Conversations with messages I have not read, newest first, each opening its chat. */
export function UnreadConversations({ username }: { username: string }) {
  const state = useSection(hallKeys.conversations(username), loadConversations, unreadConversations);
  return (
    <HallSection
      id="conversations"
      texts={hallTexts.conversations}
      more={paths.messenger()}
      state={state}
      row={(c) => ({
        key: c.conversation,
        content: (
          <>
            <div className="d-flex align-items-center gap-2">
              <Link to={paths.chat(c.conversation)} className="flex-grow-1 text-truncate">
                {c.otherParticipant.displayName || c.otherParticipant.username}
              </Link>
              <Badge bg="danger" pill>
                {hallTexts.unread(c.unread)}
              </Badge>
            </div>
            {c.lastMessage ? (
              <span className="d-block small text-secondary text-truncate">
                {c.lastMessage.deleted ? messagingMessages.messageDeleted : c.lastMessage.text}
              </span>
            ) : null}
          </>
        ),
      })}
    />
  );
}
