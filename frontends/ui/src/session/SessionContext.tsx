import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { pageNavigation } from './pageNavigation';
import type { SessionState, SignedCirrus } from './types';

export const SESSION_QUERY_KEY = ['session'] as const;

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

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const refresh = useCallback(async () => {
    const state = await queryClient.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: fetchSession,
      staleTime: 0,
    });
    return state.signedCirrus;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await api.get('/api/signout');
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    pageNavigation.reload();
  }, []);

  const state = query.data ?? SIGNED_OUT;
  const value = useMemo<SessionContextValue>(
    () => ({ ...state, loading: query.isPending, refresh, signOut }),
    [state, query.isPending, refresh, signOut],
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
