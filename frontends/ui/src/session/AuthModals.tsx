import { createContext, useContext } from 'react';

/**
 * Opens the shell's sign-in and sign-up modals from anywhere, remotes included (clicking a score badge while
 * signed out opens sign-in). The shell provides it.
 */
export interface AuthModals {
  openSignIn(options?: { next?: string }): void;
  openSignUp(): void;
}

export const AuthModalsContext = createContext<AuthModals | null>(null);

export function useAuthModals(): AuthModals {
  const value = useContext(AuthModalsContext);
  if (!value) throw new Error('useAuthModals must be used inside the shell');
  return value;
}
