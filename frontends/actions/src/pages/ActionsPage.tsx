import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Container, Form, LoadingOverlay, NotFound, paths, useSession, useTitle } from '@vellum/ui';
import type { ActionsResponse } from '@vellum/proto/api';
import { actionKeys, actionsApi } from '../api/actionsApi';
import { ActionDetailModal } from '../actions/ActionDetailModal';
import { ActionGroups, type OpenedAction } from '../actions/ActionGroups';
import { NewActionForm } from '../actions/NewActionForm';
import { useActionChanges } from '../actions/useActionChanges';

const EMPTY: ActionsResponse = {
  actionsHigh: [],
  actionsMedium: [],
  actionsLow: [],
  actionsRequested: [],
  outstandingActions: 0,
};

/** A list failure is only logged (spec section 8): the list then reads as empty. */
async function loadActions(username: string): Promise<ActionsResponse> {
  try {
    return await actionsApi.list(username);
  } catch (error) {
    console.warn('Could not load the Actions', error);
    return EMPTY;
  }
}

function MyActions({ username, creating }: { username: string; creating: boolean }) {
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState<OpenedAction | null>(null);
  const changed = useActionChanges();
  useTitle('My Actions');
  const list = useQuery({
    queryKey: actionKeys.list(username),
    queryFn: () => loadActions(username),
    staleTime: 0,
  });
  if (list.isPending) return <LoadingOverlay show delay={300} />;
  return (
    <Container className="py-4" style={{ maxWidth: 760 }} data-testid="actions-page">
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 flex-grow-1">My Actions</h1>
        {creating ? null : (
          <Link className="btn btn-info" to={paths.newAction(username)}>
            New Action
          </Link>
        )}
      </div>
      {creating ? <NewActionForm username={username} /> : null}
      <Form.Control
        className="mb-4"
        type="search"
        placeholder="Filter actions"
        aria-label="Filter actions"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ActionGroups actions={list.data ?? EMPTY} filter={filter} onOpen={setOpened} />
      <ActionDetailModal action={opened} onDone={() => changed(username)} onClose={() => setOpened(null)} />
    </Container>
  );
}

/**
 * /cirrus/{username}/actions: the signed-in owner's actions (`?new=1` opens the New Action form). Not Found when
 * nobody is signed in, or for someone else's actions (only the owner sees them).
 */
export default function ActionsPage() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const { signedCirrus, loading } = useSession();
  const isOwner = Boolean(signedCirrus && signedCirrus.username.toLowerCase() === username.toLowerCase());
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!signedCirrus || !isOwner) return <NotFound />;
  return (
    <MyActions
      key={signedCirrus.username}
      username={signedCirrus.username}
      creating={params.get('new') === '1'}
    />
  );
}
