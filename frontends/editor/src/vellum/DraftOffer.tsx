import { Alert, Button } from '@vellum/ui';
import { longDateTime } from '../format/dates';
import { texts } from '../texts';
import type { Draft } from './drafts';

/** On return to a vellum with edits kept in this browser: restore them, or drop them. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft;
  onRestore(): void;
  onDiscard(): void;
}) {
  return (
    <Alert
      variant="info"
      className="my-3 d-flex flex-wrap align-items-center gap-2"
      data-testid="draft-offer"
    >
      <span className="me-auto">{texts.draftKept(longDateTime(draft.savedAt))}</span>
      <Button size="sm" variant="info" onClick={onRestore}>
        {texts.restore}
      </Button>
      <Button size="sm" variant="light" onClick={onDiscard}>
        {texts.discard}
      </Button>
    </Alert>
  );
}
