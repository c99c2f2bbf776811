import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  Container,
  isApiError,
  LoadingOverlay,
  NotFound,
  useSession,
  useTitle,
  type SignedCirrus,
} from '@vellum/ui';
import { messengerApi, messengerKeys } from '../api/messengerApi';
import { ChatHeader } from '../chat/ChatHeader';
import { Composer } from '../chat/Composer';
import { ConversationSearch } from '../chat/ConversationSearch';
import { addMessage } from '../chat/messageCache';
import { MessageList } from '../chat/MessageList';
import { TypingIndicator } from '../chat/TypingIndicator';
import { useChatMessages } from '../chat/useChatMessages';
import { useChatRealtime } from '../chat/useChatRealtime';
import { useMarkRead } from '../chat/useMarkRead';
import { useMessagesAround } from '../chat/useMessagesAround';
import { useMessageChanges } from '../chat/useMessageChanges';
import { useOtherTyping } from '../chat/useOtherTyping';
import { useTypingNotice } from '../chat/useTypingNotice';
import { ConnectionBanner } from '../realtime/ConnectionBanner';

/** The service refuses a conversation that is not the visitor's (404) or anyone's without a session (401). */
const refused = (error: unknown) => !isApiError(error) || [401, 403, 404].includes(error.status);

function Chat({ conversation, me }: { conversation: string; me: SignedCirrus }) {
  const queryClient = useQueryClient();
  const header = useQuery({
    queryKey: messengerKeys.conversation(conversation),
    queryFn: () => messengerApi.conversation(conversation),
    staleTime: 0,
  });
  const history = useChatMessages(conversation);
  // A search's result the chat is opened on (the page around it), until the reader goes back to the newest.
  const [found, setFound] = useState<string | null>(null);
  const around = useMessagesAround(conversation, found);
  const other = header.data?.conversation.otherParticipant;
  // The unread count as the chat opened (marking read sets it to 0 at once): where 'New messages' goes.
  const unreadAtOpen = useRef<number | null>(null);
  if (unreadAtOpen.current === null && header.data) unreadAtOpen.current = header.data.conversation.unread;
  useTitle(other ? `Chat with ${other.displayName || other.username}` : 'Messenger');
  useChatRealtime(conversation, me);
  useMarkRead(conversation, history.messages, me);
  const otherTyping = useOtherTyping(conversation, other?.i);
  const typingNotice = useTypingNotice(conversation);
  const changes = useMessageChanges(conversation);

  const { fetchNextPage } = history;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { fetchNextPage: fetchOlderAround, fetchPreviousPage: fetchNewerAround } = around;
  const loadOlderAround = useCallback(() => void fetchOlderAround(), [fetchOlderAround]);
  const loadNewerAround = useCallback(() => void fetchNewerAround(), [fetchNewerAround]);
  const backToNewest = () => {
    setFound(null);
    void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(conversation), exact: true });
  };

  const send = async (text: string) => {
    const { message } = await messengerApi.send(conversation, text);
    addMessage(queryClient, conversation, message);
    void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations() });
    // What one sends shows at the newest end: the chat leaves a search's result for it.
    setFound(null);
  };

  const error = header.error ?? history.error;
  if (error) {
    if (refused(error)) return <NotFound />;
    return (
      <Container className="py-4" style={{ maxWidth: 760 }}>
        <Alert variant="danger">{isApiError(error) ? error.message : 'The chat could not be loaded.'}</Alert>
      </Container>
    );
  }
  if (!other || history.isPending) return <LoadingOverlay show delay={300} />;
  return (
    <Container className="py-4" style={{ maxWidth: 760 }} data-testid="chat-page">
      <ChatHeader conversation={conversation} other={other} me={me}>
        <ConversationSearch conversation={conversation} me={me.i} onChoose={setFound} />
      </ChatHeader>
      <ConnectionBanner />
      {found === null ? (
        <MessageList
          key="newest"
          messages={history.messages}
          me={me.i}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={loadOlder}
          unreadAtOpen={unreadAtOpen.current ?? 0}
          changes={changes}
        />
      ) : (
        <>
          <div className="d-flex justify-content-end mb-2">
            <Button variant="outline-primary" size="sm" onClick={backToNewest}>
              Back to the newest
            </Button>
          </div>
          {around.error ? (
            <Alert variant="danger">
              {isApiError(around.error)
                ? around.error.message
                : 'The messages around it could not be loaded.'}
            </Alert>
          ) : around.isPending ? (
            <LoadingOverlay show delay={300} />
          ) : (
            <MessageList
              key={found}
              messages={around.messages}
              me={me.i}
              hasOlder={around.hasNextPage}
              loadingOlder={around.isFetchingNextPage}
              onLoadOlder={loadOlderAround}
              hasNewer={around.hasPreviousPage}
              loadingNewer={around.isFetchingPreviousPage}
              onLoadNewer={loadNewerAround}
              changes={changes}
              found={found}
            />
          )}
        </>
      )}
      <TypingIndicator name={other.displayName || other.username} typing={otherTyping} />
      <Composer onSend={send} onTyping={typingNotice} />
    </Container>
  );
}

/**
 * /messenger/{chat}: a conversation of the signed-in person (spec section 2, Chat): the history (newest at the
 * bottom, older pages on scrolling up), the composer, read marks and realtime updates, and links to both
 * conversation vellums. Not Found for a visitor and for a conversation the service refuses.
 */
export default function ChatPage() {
  const { chat = '' } = useParams();
  const { signedCirrus, loading } = useSession();
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!signedCirrus) return <NotFound />;
  return <Chat key={`${signedCirrus.i}/${chat}`} conversation={chat} me={signedCirrus} />;
}
