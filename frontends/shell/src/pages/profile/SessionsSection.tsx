import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionMessages, type SessionView } from '@vellum/proto/api';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { api, isApiError } from '@vellum/ui/core';

export const ownSessionsKey = ['own-sessions'];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The edit page's 'Your Sessions' section: every signed-in browser of the account (device, last used, this one
 * marked), each other one with an End button; ending one signs that browser out (and closes its sockets).
 */
export function SessionsSection() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ownSessionsKey,
    queryFn: () => api.get<{ sessions: SessionView[] }>('/api/sessions'),
  });
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const end = async (session: SessionView) => {
    setEnding(session.key);
    setError(null);
    try {
      await api.delete(`/api/sessions/${encodeURIComponent(session.key)}`);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : sessionMessages.endFailed);
    } finally {
      setEnding(null);
      await client.invalidateQueries({ queryKey: ownSessionsKey });
    }
  };

  let body;
  if (query.isPending) body = <p className="text-muted">Loading your sessions…</p>;
  else if (query.isError)
    body = (
      <div role="alert" className="text-danger">
        {isApiError(query.error) ? query.error.message : sessionMessages.listFailed}{' '}
        <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  else if (query.data.sessions.length === 0) body = <p className="text-muted">No sessions are open.</p>;
  else
    body = (
      <ListGroup as="ul" aria-labelledby="sessions-heading">
        {query.data.sessions.map((session) => (
          <ListGroup.Item
            as="li"
            key={session.key}
            className="d-flex justify-content-between align-items-center gap-2"
            data-testid="own-session"
          >
            <div>
              <div className="fw-semibold">
                {session.device}{' '}
                {session.current ? (
                  <Badge bg="success" pill>
                    This device
                  </Badge>
                ) : null}
              </div>
              <div className="small text-muted">
                Last used {when(session.lastSeenAt)} · signed in {when(session.createdAt)}
              </div>
            </div>
            {session.current ? null : (
              <Button
                size="sm"
                variant="outline-danger"
                disabled={ending !== null}
                aria-label={`End the session on ${session.device}, last used ${when(session.lastSeenAt)}`}
                onClick={() => void end(session)}
              >
                {ending === session.key ? 'Ending…' : 'End'}
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    );

  return (
    <section aria-labelledby="sessions-heading" className="mt-4 border-top pt-3">
      <h2 id="sessions-heading" className="h5">
        Your Sessions
      </h2>
      <p className="text-muted">The browsers signed in to your account. End any you do not recognise.</p>
      {body}
      {error ? (
        <p className="text-danger mt-2" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
