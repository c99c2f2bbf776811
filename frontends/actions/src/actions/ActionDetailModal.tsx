import { useState } from 'react';
import { Button, Modal } from '@vellum/ui';
import { actionsApi } from '../api/actionsApi';
import { requesterName, type OpenedAction } from './ActionGroups';
import { longDate } from './filterActions';
import { PriorityBadge } from './PriorityBadge';

interface Props {
  action: OpenedAction | null;
  /** Called after Complete or Abandon succeeded: the page reloads the list and closes the modal. */
  onDone(): Promise<unknown> | void;
  onClose(): void;
}

/** An action opened from the list, with Complete and Abandon (spec section 2). Failures are only logged. */
export function ActionDetailModal({ action, onDone, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const close = async (change: 'complete' | 'abandon') => {
    if (!action) return;
    setBusy(true);
    try {
      await actionsApi[change](action.i);
      await onDone();
      onClose();
    } catch (error) {
      console.warn(`Could not ${change} the Action`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={action !== null} onHide={onClose} centered>
      {action ? (
        <>
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5">
              Action <PriorityBadge priority={action.priority} />
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {action.text}
            </p>
            <p className="text-secondary small mb-0">
              {'cirrus_id' in action
                ? `Requested by ${requesterName(action)} (@${action.cirrus_id.username}) on ${longDate(action.created_at)}`
                : `Created on ${longDate(action.created_at)}`}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="light" disabled={busy} onClick={() => void close('abandon')}>
              Abandon
            </Button>
            <Button variant="info" disabled={busy} onClick={() => void close('complete')}>
              Complete
            </Button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}
