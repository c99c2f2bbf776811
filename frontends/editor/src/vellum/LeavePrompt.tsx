import type { Blocker } from 'react-router-dom';
import { ConfirmModal } from '@vellum/ui';
import { texts } from '../texts';

/** 'You have unsaved changes? Do you want to discard your edits?' when a navigation was blocked. */
export function LeavePrompt({ blocker, onDiscard }: { blocker: Blocker; onDiscard(): void }) {
  return (
    <ConfirmModal
      show={blocker.state === 'blocked'}
      confirmText={texts.discard}
      cancelText={texts.stay}
      onConfirm={() => {
        onDiscard();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {texts.unsavedChanges}
    </ConfirmModal>
  );
}
