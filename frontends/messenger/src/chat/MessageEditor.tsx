import { useId, type KeyboardEvent } from 'react';
import { Button, Form } from '@vellum/ui';
import { DraftFailure } from './DraftFailure';
import { useMessageDraft } from './useMessageDraft';

/**
 * The inline box that edits one of my messages: Enter saves, Shift+Enter breaks the line, Escape cancels. The text
 * is checked by the composer's schema, with its messages; a refusal (too late, deleted) is shown and the box kept.
 */
export function MessageEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave(text: string): Promise<void>;
  onCancel(): void;
}) {
  const { text, change, valid, fieldError, busy, failure, submit } = useMessageDraft(initial);
  const id = useId();
  const save = () => submit(onSave);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Form
      noValidate
      aria-label="Edit the message"
      className="w-100"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DraftFailure failure={failure} />
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="visually-hidden">Edited message</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          autoFocus
          onFocus={(event) => {
            // The caret after the text, to go on writing.
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
          value={text}
          readOnly={busy}
          aria-busy={busy}
          isInvalid={Boolean(fieldError)}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {fieldError ? <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback> : null}
      </Form.Group>
      <div className="d-flex gap-2 justify-content-end mt-1">
        <Button variant="light" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="info" size="sm" disabled={busy || !valid}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
