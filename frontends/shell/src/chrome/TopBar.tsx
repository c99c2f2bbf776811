import { Suspense, lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Button from 'react-bootstrap/Button';
import { paths, useAuthModals, useSession } from '@vellum/ui/core';
import { Logo } from './Logo';

// What only a signed-in user sees (badges, signature menu) loads with the session, not with the welcome page.
const SignedInNav = lazy(() => import('./SignedInNav'));

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
  return (
    <header className="sticky-top" data-testid="top-bar">
      <nav className="navbar navbar-expand bg-white border-bottom px-3" aria-label="Top bar">
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
        <Link
          className="navbar-brand"
          to={logoTarget(Boolean(signedCirrus), pathname)}
          aria-label="Vellum home"
        >
          <Logo />
        </Link>
        <div className="navbar-nav ms-auto align-items-center gap-2 flex-row">
          {signedCirrus ? (
            <Suspense fallback={null}>
              <SignedInNav signedCirrus={signedCirrus} />
            </Suspense>
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
        </div>
      </nav>
    </header>
  );
}
