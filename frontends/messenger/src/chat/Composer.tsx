import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Form } from '@vellum/ui';
import { DraftFailure } from './DraftFailure';
import { MESSAGE_TEXT_MAX } from '@vellum/proto/api';
import { useMessageDraft } from './useMessageDraft';

const characters = (text: string) => [...text.trim()].length;

/**
 * The chat's composer: Enter sends, Shift+Enter breaks the line. The text is checked by the service's own
 * schema (1 to 2,000 characters after trimming, no control characters but lines and tabs), with its messages;
 * while sending it cannot change, and after a failure it is kept with the reason.
 */
export function Composer({
  onSend,
  onTyping,
}: {
  onSend(text: string): Promise<void>;
  /** Every change of the text (the other participant is told that I am typing). */
  onTyping?(text: string): void;
}) {
  const { text, setText, change, valid, fieldError, busy, failure, submit } = useMessageDraft();
  const [tried, setTried] = useState(false);
  const id = useId();
  const shownError = (tried || text.length > 0) && fieldError;
  const count = characters(text);

  const send = async () => {
    setTried(true);
    if (await submit(onSend)) {
      setText('');
      setTried(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Send a message" className="mt-2">
      <DraftFailure failure={failure} />
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="visually-hidden">Message</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          placeholder="Write a message (Enter sends, Shift+Enter breaks the line)"
          value={text}
          readOnly={busy}
          aria-busy={busy}
          isInvalid={Boolean(shownError)}
          aria-describedby={`${id}-count`}
          onChange={(event) => {
            change(event.target.value);
            onTyping?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {shownError ? <Form.Control.Feedback type="invalid">{shownError}</Form.Control.Feedback> : null}
      </Form.Group>
      <div className="d-flex align-items-center gap-2 mt-1">
        <small
          id={`${id}-count`}
          className={count > MESSAGE_TEXT_MAX ? 'text-danger' : 'text-body-secondary'}
          aria-label={`${count} of ${MESSAGE_TEXT_MAX} characters`}
        >
          {count.toLocaleString('en-US')} / {MESSAGE_TEXT_MAX.toLocaleString('en-US')}
        </small>
        <Button type="submit" variant="info" className="ms-auto" disabled={busy || !valid}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </Form>
  );
}
