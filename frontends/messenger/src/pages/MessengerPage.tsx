import {
  Alert,
  Button,
  Container,
  isApiError,
  LoadingOverlay,
  NotFound,
  useSession,
  useTitle,
} from '@vellum/ui';
import type { SignedCirrus } from '@vellum/ui';
import { messagingMessages } from '@vellum/proto/api';
import { ConversationRow } from '../conversations/ConversationRow';
import { NewConversation } from '../conversations/NewConversation';
import { useConversations } from '../conversations/useConversations';
import { usePresence } from '../presence/usePresence';
import { ConnectionBanner } from '../realtime/ConnectionBanner';
import { MuteToggle } from '../realtime/MuteToggle';

function Conversations({ me }: { me: SignedCirrus }) {
  const list = useConversations(me);
  const presence = usePresence(list.conversations.map((item) => item.otherParticipant.i));
  return (
    <Container className="py-4" style={{ maxWidth: 760 }} data-testid="messenger-page">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 flex-grow-1">Messenger</h1>
        <MuteToggle />
      </div>
      <NewConversation me={me.username} />
      <ConnectionBanner />
      {list.isPending ? <LoadingOverlay show delay={300} /> : null}
      {list.isError ? (
        <Alert variant="danger">
          {isApiError(list.error) ? list.error.message : 'The conversations could not be loaded.'}
        </Alert>
      ) : null}
      {list.isSuccess && list.conversations.length === 0 ? (
        <p className="text-body-secondary">{messagingMessages.noConversations}</p>
      ) : null}
      {list.conversations.length > 0 ? (
        <ul className="list-group" aria-label="Conversations">
          {list.conversations.map((item) => (
            <ConversationRow
              key={item.conversation}
              item={item}
              me={me.i}
              presence={presence.get(item.otherParticipant.i)}
            />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div className="text-center mt-3">
          <Button
            variant="light"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load older conversations'}
          </Button>
        </div>
      ) : null}
    </Container>
  );
}

/**
 * /messenger (spec section 2, Messenger): the signed-in person's conversations, newest first, with the other
 * participant, the last message and the unread count; a box to start one by username. Not Found for a visitor.
 */
export default function MessengerPage() {
  const { signedCirrus, loading } = useSession();
  useTitle('Messenger');
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!signedCirrus) return <NotFound />;
  return <Conversations key={signedCirrus.i} me={signedCirrus} />;
}
