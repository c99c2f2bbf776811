import type { PresenceView } from '@vellum/proto/api';
import { lastSeenText } from './lastSeen';

/** 'Online' with a green dot, or 'last seen …'; nothing when the person's presence is not mine to see. */
export function PresenceLabel({ presence }: { presence: PresenceView | undefined }) {
  if (!presence || (!presence.online && !presence.lastSeen)) return null;
  return (
    <small className="text-body-secondary text-nowrap" data-testid="presence">
      {presence.online ? (
        <>
          <span
            aria-hidden="true"
            className="d-inline-block rounded-circle bg-success me-1"
            style={{ width: 8, height: 8 }}
          />
          Online
        </>
      ) : (
        <time dateTime={presence.lastSeen!}>{lastSeenText(presence.lastSeen!)}</time>
      )}
    </small>
  );
}
