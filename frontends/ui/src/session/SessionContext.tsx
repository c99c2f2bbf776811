import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { pageNavigation } from './pageNavigation';
import type { SessionState, SignedCirrus } from './types';

export interface SessionContextValue extends SessionState {
  /** True until the first answer from the server. */
  loading: boolean;
  /** Asks the server again who is signed in; resolves with the signed cirrus. */
  refresh(): Promise<SignedCirrus | null>;
  /** Signs out and reloads the page (spec section 4). */
  signOut(): Promise<void>;
}

const SIGNED_OUT: SessionState = { signedCirrus: null, authenticated: false };

/** Session failures are only logged (spec section 8): a visitor whose session cannot be read is signed out. */
export async function fetchSession(): Promise<SessionState> {
  try {
    const [sc, check] = await Promise.all([
      api.get<{ signedCirrus: SignedCirrus | null }>('/api/sc'),
      api.get<{ authenticated: boolean }>('/check_session'),
    ]);
    const signedCirrus = sc?.signedCirrus ?? null;
    return { signedCirrus, authenticated: Boolean(check?.authenticated) && signedCirrus !== null };
  } catch (error) {
    console.error('Could not read the session', error);
    return SIGNED_OUT;
  }
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Who is signed in, read once when the app starts and again on refresh(). Plain React state rather than a
 * query: the first page (welcome) needs the session but not the data-fetching library, which then loads only
 * with the pages that use it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState | null>(null);

  useEffect(() => {
    let current = true;
    void fetchSession().then((answer) => {
      if (current) setState(answer);
    });
    return () => {
      current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const answer = await fetchSession();
    setState(answer);
    return answer.signedCirrus;
  }, []);

  const signOut = useCallback(async () => {
    try {
      // POST: the spec's GET signs out only a page navigation (an <img> or a script's GET must not).
      await api.post('/api/signout');
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    pageNavigation.reload();
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ ...(state ?? SIGNED_OUT), loading: state === null, refresh, signOut }),
    [state, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside a SessionProvider');
  return value;
}

/** The signed-in user's username when they are looking at their own cirrus. */
export function useIsOwner(username: string | undefined): boolean {
  const { signedCirrus } = useSession();
  return Boolean(signedCirrus && username && signedCirrus.username === username);
}
