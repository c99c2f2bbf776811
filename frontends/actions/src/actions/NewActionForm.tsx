import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Form, paths, useForm } from '@vellum/ui';
import { DEFAULT_PRIORITY } from '@vellum/proto/api';
import { actionsApi } from '../api/actionsApi';
import { ActionFields, draftIsValid, type ActionDraft } from './ActionFields';
import { useActionChanges } from './useActionChanges';

/**
 * The New Action form (spec section 2): text and priority (Medium by default), Create disabled until both are
 * valid; after creating, the actions page. A failure is only logged (spec section 8).
 */
export function NewActionForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const changed = useActionChanges();
  const form = useForm<ActionDraft>({
    initial: { text: '', priority: DEFAULT_PRIORITY },
    ready: draftIsValid,
    // The page moves on to the actions page.
    keepBusy: true,
    failure: (error) => {
      console.warn('Could not create the Action', error);
      return null;
    },
    submit: async (draft) => {
      await actionsApi.create({ text: draft.text.trim(), priority: draft.priority });
      await changed(username);
      navigate(paths.actions(username));
    },
  });
  return (
    <Card className="mb-4" as="section" aria-labelledby="new-action-title">
      <Card.Body>
        <Card.Title as="h2" id="new-action-title" className="h5">
          New Action
        </Card.Title>
        <Form onSubmit={(event) => void form.onSubmit(event)}>
          <ActionFields draft={form.values} onChange={form.setValues} autoFocus />
          <div className="d-flex gap-2 justify-content-end">
            <Link className="btn btn-light" to={paths.actions(username)}>
              Cancel
            </Link>
            <Button type="submit" variant="info" disabled={!form.canSubmit}>
              Create
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
