import { Alert } from '@vellum/ui';

/** Why a message (new or edited) was not written, above its box. */
export function DraftFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert variant="danger" className="py-2 mb-2">
      {failure}
    </Alert>
  ) : null;
}
