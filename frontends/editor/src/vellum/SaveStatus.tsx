import { Badge } from '@vellum/ui';
import { texts } from '../texts';
import type { PendingSave } from './useSaveRetry';

export interface SaveStatusProps {
  /** The browser is offline, or the last save could not reach the server. */
  offline: boolean;
  /** A failed save that will be tried again; null when none is. */
  pending: PendingSave | null;
  /** The last save succeeded after failed ones. */
  recovered: boolean;
}

/**
 * The line under Save that says plainly whether the edits are saved (issue 28): offline, not saved yet and why,
 * saved again. A live region, present while empty too, so a screen reader hears each change.
 */
export function SaveStatus({ offline, pending, recovered }: SaveStatusProps) {
  let message: string | null = null;
  if (pending) message = pending.failure === 'network' ? texts.notSavedOffline : texts.notSavedRetrying;
  else if (recovered) message = texts.savedAfterRetry;
  return (
    <div
      role="status"
      aria-live="polite"
      className="small d-flex flex-wrap align-items-center gap-2 mt-2"
      data-testid="save-status"
      data-offline={offline}
    >
      {offline ? <Badge bg="dark">{texts.offline}</Badge> : null}
      {message ? <span className={pending ? 'text-danger' : 'text-success'}>{message}</span> : null}
    </div>
  );
}
