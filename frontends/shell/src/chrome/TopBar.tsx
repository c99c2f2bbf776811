import { Link, useLocation } from 'react-router-dom';
import { Badge, Button, Nav, Navbar, paths, useAuthModals, useSession } from '@vellum/ui';
import { Logo } from './Logo';
import { SignatureMenu } from './SignatureMenu';
import { useActionsSnippet, useUnreadMessages } from './useChromeCounts';

/** Spec section 2: the logo goes to Hall for a signed-in user already on Welcome, otherwise to Welcome. */
export function logoTarget(signedIn: boolean, pathname: string): string {
  return signedIn && pathname === paths.welcome() ? paths.hall() : paths.welcome();
}

export interface TopBarProps {
  sidePanelOpen: boolean;
  onToggleSidePanel(): void;
}

export function TopBar({ sidePanelOpen, onToggleSidePanel }: TopBarProps) {
  const { signedCirrus } = useSession();
  const { openSignIn, openSignUp } = useAuthModals();
  const { pathname } = useLocation();
  const unread = useUnreadMessages();
  const actions = useActionsSnippet();
  return (
    <header className="sticky-top" data-testid="top-bar">
      <Navbar bg="white" className="border-bottom px-3" as="nav" aria-label="Top bar">
        {signedCirrus ? (
          <Button
            variant="light"
            className="me-2"
            aria-label={sidePanelOpen ? 'Close the side panel' : 'Open the side panel'}
            aria-expanded={sidePanelOpen}
            aria-controls="side-panel"
            onClick={onToggleSidePanel}
          >
            <span aria-hidden="true">☰</span>
          </Button>
        ) : null}
        <Navbar.Brand as={Link} to={logoTarget(Boolean(signedCirrus), pathname)} aria-label="Vellum home">
          <Logo />
        </Navbar.Brand>
        <Nav as="div" className="ms-auto align-items-center gap-2 flex-row">
          {signedCirrus ? (
            <>
              <Nav.Link as={Link} to={paths.messenger()} data-testid="messenger-link">
                Messenger{' '}
                <Badge
                  bg={unread > 0 ? 'danger' : 'light'}
                  text={unread > 0 ? undefined : 'dark'}
                  data-testid="unread-badge"
                >
                  {unread}
                  <span className="visually-hidden"> unread messages</span>
                </Badge>
              </Nav.Link>
              <Nav.Link as={Link} to={paths.vellums(signedCirrus.username)}>
                My Vellums
              </Nav.Link>
              <Nav.Link as={Link} to={paths.actions(signedCirrus.username)} data-testid="actions-link">
                My Actions{' '}
                <Badge
                  bg={actions.variant}
                  text={actions.variant === 'danger' ? undefined : 'dark'}
                  data-testid="actions-badge"
                >
                  {actions.total}
                  <span className="visually-hidden"> actions</span>
                </Badge>
              </Nav.Link>
              <SignatureMenu />
            </>
          ) : (
            <>
              <Button variant="light" onClick={() => openSignIn()}>
                Sign In
              </Button>
              <Button variant="info" onClick={openSignUp}>
                Sign Up
              </Button>
            </>
          )}
        </Nav>
      </Navbar>
    </header>
  );
}
