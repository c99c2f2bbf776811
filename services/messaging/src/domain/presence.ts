import type { PresenceView } from '@vellum/proto';
import type { PresenceState } from '@vellum/platform';

/** A person's presence as the messenger shows it; one never seen is offline with no time. */
export const presenceView = (id: string, state: PresenceState | undefined): PresenceView => ({
  i: id,
  online: state?.online ?? false,
  lastSeen: state?.lastSeen ? state.lastSeen.toISOString() : null,
});
