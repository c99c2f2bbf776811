import { useState } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Button, Form, NotFound, paths } from '@vellum/ui';
import type { StandaloneAppOptions } from '@vellum/ui/standalone';
import ActionsPage from '../pages/ActionsPage';
import ActionRequestModal, { type ActionRequestRecipient } from '../requests/ActionRequestModal';

/** Tries the request modal without the shell's followers page: a follower's id and username typed by hand. */
function RequestTrial() {
  const [recipient, setRecipient] = useState<ActionRequestRecipient>({ i: '', username: '' });
  const [open, setOpen] = useState(false);
  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h4">Action request</h1>
      <Form.Control
        className="mb-2"
        placeholder="Follower's cirrus id"
        value={recipient.i}
        onChange={(event) => setRecipient({ ...recipient, i: event.target.value })}
      />
      <Form.Control
        className="mb-2"
        placeholder="Follower's username"
        value={recipient.username}
        onChange={(event) => setRecipient({ ...recipient, username: event.target.value })}
      />
      <Button variant="info" onClick={() => setOpen(true)}>
        Action Request
      </Button>
      <ActionRequestModal recipient={open ? recipient : null} onClose={() => setOpen(false)} />
    </div>
  );
}

/** The actions remote's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const actionsRoutes: RouteObject[] = [
  { path: '/cirrus/:username/actions', element: <ActionsPage /> },
  { path: '/request', element: <RequestTrial /> },
  { path: '*', element: <NotFound /> },
];

/** The actions remote on its own (`npm run dev -w @vellum/actions`): its pages under a bar of links. */
export const actionsStandalone: StandaloneAppOptions = {
  name: 'actions',
  routes: actionsRoutes,
  links: (signedCirrus) => [
    ...(signedCirrus
      ? [
          { to: paths.actions(signedCirrus.username), label: 'My Actions' },
          { to: paths.newAction(signedCirrus.username), label: 'New Action' },
        ]
      : []),
    { to: '/request', label: 'Action request' },
  ],
};
