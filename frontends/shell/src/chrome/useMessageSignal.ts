import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { playMessageSound, realtime } from '@vellum/ui/realtime';
import type { SignedCirrus } from '@vellum/ui/core';
import type { UserSignal } from '@vellum/proto/api';
import { UNREAD_MESSAGES_KEY } from './useChromeCounts';

/**
 * Spec sections 4 and 7: the top bar opens the page's realtime socket for the signed-in user and, when the event
 * named for their id arrives, refetches the unread count from the server (never counted here) and plays the short
 * sound when the count grew (a new message, not a read mark from another tab). After a lost connection it
 * refetches too: what arrived meanwhile is in the store. Signing out closes the socket.
 */
export function useMessageSignal(signedCirrus: SignedCirrus): void {
  const queryClient = useQueryClient();
  const user = signedCirrus.i;
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: [UNREAD_MESSAGES_KEY] });
    realtime.connect(user);
    const stopSignal = realtime.on<UserSignal>(user, (signal) => {
      const shown = queryClient.getQueryData<{ unreadMessages?: number } | null>([
        UNREAD_MESSAGES_KEY,
        signedCirrus.username,
      ]);
      const before = shown?.unreadMessages ?? 0;
      if (typeof signal?.unreadMessages === 'number' && signal.unreadMessages > before) playMessageSound();
      void refresh();
    });
    const stopReconnect = realtime.onReconnect(() => void refresh());
    return () => {
      stopSignal();
      stopReconnect();
      realtime.disconnect();
    };
  }, [queryClient, user, signedCirrus.username]);
}
