import { useMemo, useState, type ReactNode } from 'react';
import { AuthModalsContext, setNextRoute, type AuthModals } from '@vellum/ui';
import { SignInModal } from './SignInModal';
import { SignUpModal } from './SignUpModal';

type Open = 'signIn' | 'signUp' | null;

/** Owns the sign-in and sign-up modals; any page or remote opens them through useAuthModals(). */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const modals = useMemo<AuthModals>(
    () => ({
      openSignIn(options) {
        if (options?.next) setNextRoute(options.next);
        setOpen('signIn');
      },
      openSignUp() {
        setOpen('signUp');
      },
    }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <AuthModalsContext.Provider value={modals}>
      {children}
      <SignInModal show={open === 'signIn'} onHide={close} onSignUp={() => setOpen('signUp')} />
      <SignUpModal show={open === 'signUp'} onHide={close} onSignIn={() => setOpen('signIn')} />
    </AuthModalsContext.Provider>
  );
}
