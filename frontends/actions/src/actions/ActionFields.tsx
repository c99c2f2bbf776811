import { useId } from 'react';
import { Form } from '@vellum/ui';
import { actionTextSchema, PRIORITIES, type ActionPriorityName } from '@vellum/proto/api';

export interface ActionDraft {
  text: string;
  priority: ActionPriorityName;
}

/** The first problem with the text as typed, or null (an empty box is not a problem yet: Create stays disabled). */
export function textError(text: string): string | null {
  if (text === '') return null;
  const parsed = actionTextSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Create is enabled only with no error and text and priority set (spec section 5). */
export const draftIsValid = (draft: ActionDraft) => draft.text !== '' && textError(draft.text) === null;

interface Props {
  draft: ActionDraft;
  onChange(draft: ActionDraft): void;
  autoFocus?: boolean;
}

/** Text and priority of a new action or action request. */
export function ActionFields({ draft, onChange, autoFocus }: Props) {
  const id = useId();
  const error = textError(draft.text);
  return (
    <>
      <Form.Group className="mb-3" controlId={`${id}-text`}>
        <Form.Label>Action</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={draft.text}
          autoFocus={autoFocus}
          isInvalid={error !== null}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-priority`}>
        <Form.Label>Priority</Form.Label>
        <Form.Select
          value={draft.priority}
          onChange={(event) => onChange({ ...draft, priority: event.target.value as ActionPriorityName })}
        >
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priority}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </>
  );
}
