import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Form, InputGroup, isApiError, paths, useDebounce } from '@vellum/ui';
import { messagingMessages, openConversationSchema } from '@vellum/proto/api';
import { messengerApi, messengerKeys } from '../api/messengerApi';

/**
 * Starts (or opens) a conversation by username, with suggestions from the people search as the name is typed;
 * the service's refusal (no such cirrus, yourself, not verified) is shown as it says it.
 */
export function NewConversation({ me }: { me: string }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = useDebounce(username.trim(), 250);
  const suggestions = useQuery({
    queryKey: messengerKeys.search(typed),
    queryFn: ({ signal }) => messengerApi.search(typed, signal),
    enabled: typed.length > 0,
  });
  const people = (suggestions.data?.results ?? []).filter(
    (person) => person.username.toLowerCase() !== me.toLowerCase(),
  );

  const open = async (name: string) => {
    const check = openConversationSchema.safeParse({ username: name });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? messagingMessages.usernameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await messengerApi.open(check.data.username);
      void navigate(paths.chat(answer.conversation.conversation));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The conversation could not be opened.');
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void open(username);
  };

  return (
    <Form onSubmit={onSubmit} noValidate className="mb-4" aria-label="New conversation">
      <Form.Label htmlFor="new-conversation">New conversation</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id="new-conversation"
          type="search"
          placeholder="Username"
          autoComplete="off"
          value={username}
          isInvalid={Boolean(error)}
          onChange={(event) => {
            setUsername(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="info" disabled={busy}>
          Message
        </Button>
        {error ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      </InputGroup>
      {people.length > 0 && typed === username.trim() ? (
        <ul className="list-group mt-1" aria-label="Suggestions">
          {people.map((person) => (
            <li key={person.username} className="list-group-item p-0">
              <button
                type="button"
                className="btn btn-link text-start w-100 text-decoration-none"
                disabled={busy}
                onClick={() => void open(person.username)}
              >
                Message {person.display_name || person.username}{' '}
                <span className="text-body-secondary">@{person.username}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {suggestions.isError ? (
        <Alert variant="light" className="mt-1 py-1 small">
          Suggestions are not available right now; type the whole username.
        </Alert>
      ) : null}
    </Form>
  );
}
