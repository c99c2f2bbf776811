import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from 'react-bootstrap/Button';
import { api, isApiError, paths, useToast } from '@vellum/ui/core';
import { messengerPaths, type ConversationAnswer } from '@vellum/proto/api';

/**
 * 'Message' on another cirrus's profile (issue 16): opens the conversation with them, starting it when there is
 * none, and goes to the chat; the service's refusal (not verified…) shows as an error toast.
 */
export function MessageButton({ username }: { username: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const answer = await api.post<ConversationAnswer>(messengerPaths.conversations, { username });
      void navigate(paths.chat(answer.conversation.conversation));
    } catch (error) {
      toast.show(isApiError(error) ? error.message : 'The conversation could not be opened.', 'danger');
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-info" size="sm" disabled={busy} onClick={() => void open()}>
      Message
    </Button>
  );
}
