import { useId } from 'react';
import { Alert, Button } from '@vellum/ui';
import { texts } from '../texts';

export interface SaveConflictProps {
  busy: boolean;
  onKeepMine(): void;
  onLoadTheirs(): void;
}

/**
 * A save refused because the vellum was saved elsewhere since this page loaded it (issue 28, two tabs): the
 * person keeps their version (saved over the other, knowingly) or loads the other one (their edits dropped).
 */
export function SaveConflict({ busy, onKeepMine, onLoadTheirs }: SaveConflictProps) {
  const messageId = useId();
  return (
    <Alert variant="warning" className="my-3" data-testid="save-conflict">
      <p id={messageId} className="mb-1 fw-semibold">
        {texts.changedElsewhere}
      </p>
      <p className="mb-2">{texts.conflictChoice}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="warning" disabled={busy} aria-describedby={messageId} onClick={onKeepMine}>
          {texts.keepMine}
        </Button>
        <Button size="sm" variant="light" disabled={busy} aria-describedby={messageId} onClick={onLoadTheirs}>
          {texts.loadTheirs}
        </Button>
      </div>
    </Alert>
  );
}
