import { Link } from 'react-router-dom';
import Badge from 'react-bootstrap/Badge';
import { paths, type SignedCirrus } from '@vellum/ui/core';
import { QueryScope } from '../app/queryScope';
import { NotificationBell } from './notifications/NotificationBell';
import { SignatureMenu } from './SignatureMenu';
import { useActionsSnippet, useUnreadMessages } from './useChromeCounts';
import { useMessageSignal } from './useMessageSignal';

function Counts({ signedCirrus }: { signedCirrus: SignedCirrus }) {
  useMessageSignal(signedCirrus);
  const unread = useUnreadMessages();
  const actions = useActionsSnippet();
  return (
    <>
      <Link className="nav-link" to={paths.messenger()} data-testid="messenger-link">
        Messenger{' '}
        <Badge
          bg={unread > 0 ? 'danger' : 'light'}
          text={unread > 0 ? undefined : 'dark'}
          data-testid="unread-badge"
        >
          {unread}
          <span className="visually-hidden"> unread messages</span>
        </Badge>
      </Link>
      <Link className="nav-link" to={paths.vellums(signedCirrus.username)}>
        My Vellums
      </Link>
      <Link className="nav-link" to={paths.actions(signedCirrus.username)} data-testid="actions-link">
        My Actions{' '}
        <Badge
          bg={actions.variant}
          text={actions.variant === 'danger' ? undefined : 'dark'}
          data-testid="actions-badge"
        >
          {actions.total}
          <span className="visually-hidden"> actions</span>
        </Badge>
      </Link>
      <NotificationBell username={signedCirrus.username} />
      <SignatureMenu />
    </>
  );
}

/** The top bar's signed-in items: messenger badge, my vellums, my actions badge, the notification bell, signature menu. */
export default function SignedInNav({ signedCirrus }: { signedCirrus: SignedCirrus }) {
  return (
    <QueryScope>
      <Counts signedCirrus={signedCirrus} />
    </QueryScope>
  );
}
