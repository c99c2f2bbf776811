import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { AuthModalsContext, setNextRoute, type AuthModals } from '@vellum/ui/core';

// The modals (and the validation schemas they carry) load on first use, keeping them out of the first page load.
const SignInModal = lazy(() => import('./SignInModal').then((module) => ({ default: module.SignInModal })));
const SignUpModal = lazy(() => import('./SignUpModal').then((module) => ({ default: module.SignUpModal })));

type Open = 'signIn' | 'signUp' | null;

/** Owns the sign-in and sign-up modals; any page or remote opens them through useAuthModals(). */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  // Once loaded, a modal stays mounted so that it can animate out and keep its success dialog.
  const [used, setUsed] = useState({ signIn: false, signUp: false });
  const modals = useMemo<AuthModals>(
    () => ({
      openSignIn(options) {
        if (options?.next) setNextRoute(options.next);
        setUsed((current) => ({ ...current, signIn: true }));
        setOpen('signIn');
      },
      openSignUp() {
        setUsed((current) => ({ ...current, signUp: true }));
        setOpen('signUp');
      },
    }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <AuthModalsContext.Provider value={modals}>
      {children}
      <Suspense fallback={null}>
        {used.signIn ? (
          <SignInModal show={open === 'signIn'} onHide={close} onSignUp={modals.openSignUp} />
        ) : null}
        {used.signUp ? (
          <SignUpModal show={open === 'signUp'} onHide={close} onSignIn={() => modals.openSignIn()} />
        ) : null}
      </Suspense>
    </AuthModalsContext.Provider>
  );
}
