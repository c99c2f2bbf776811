import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { LoadingOverlay, NotFound, isApiError, useSession } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import type { ConversationVellumResponse } from '../api/types';
import { ConversationVellumView } from '../vellum/ConversationVellumView';
import '../styles/editor.css';

const UNAUTHORISED: ConversationVellumResponse = {
  vellum: null,
  authorizedToView: false,
  authorizedToEdit: false,
};

async function load(conversation: string, username: string): Promise<ConversationVellumResponse> {
  try {
    return await vellumApi.conversationVellum(conversation, username);
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return UNAUTHORISED;
    throw error;
  }
}

/**
 * /messenger/{conversation}/{username}: a participant's private vellum attached to a conversation (spec sections
 * 2 and 3). Not Found unless the server answers authorizedToView.
 */
export default function ConversationVellumPage() {
  const { conversation = '', username = '' } = useParams();
  const session = useSession();
  const answer = useQuery({
    queryKey: queryKeys.conversation(conversation, username),
    queryFn: () => load(conversation, username),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (session.loading || answer.isPending) return <LoadingOverlay show delay={300} />;
  if (answer.isError || !answer.data.authorizedToView || !session.signedCirrus) return <NotFound />;
  return (
    <ConversationVellumView
      key={`${conversation}/${username}`}
      conversation={conversation}
      username={username}
      answer={answer.data}
      me={session.signedCirrus}
    />
  );
}
