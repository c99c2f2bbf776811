import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { presencePaths, type PresenceSettings } from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api, isApiError } from '@vellum/ui/core';

export const presenceSettingsKey = ['presence-settings'];

const LOAD_FAILED = 'Your presence setting could not be loaded.';
const SAVE_FAILED = 'Your presence setting could not be saved. Please try again.';

/**
 * The edit page's 'Presence' section (issue 29): whether the people one has a conversation with see when one is
 * online, saved at once by the switch. Hiding it hides everyone's from oneself, as chat tools do.
 */
export function PresenceSection() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: presenceSettingsKey,
    queryFn: () => api.get<PresenceSettings>(presencePaths.settings),
  });
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const change = async (visible: boolean) => {
    setSaving(true);
    setStatus(null);
    try {
      const saved = await api.put<PresenceSettings>(presencePaths.settings, { visible });
      client.setQueryData(presenceSettingsKey, saved);
      // The messenger's presence is read again with the new setting.
      await client.invalidateQueries({ queryKey: ['messenger-presence'] });
      setStatus({
        error: false,
        text: saved.visible ? 'Your presence is shown.' : 'Your presence is hidden.',
      });
    } catch (failure) {
      setStatus({ error: true, text: isApiError(failure) ? failure.message : SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (query.isPending) body = <p className="text-muted">Loading your presence setting…</p>;
  else if (query.isError)
    body = (
      <div role="alert" className="text-danger">
        {isApiError(query.error) ? query.error.message : LOAD_FAILED}{' '}
        <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  else
    body = (
      <Form.Check
        type="switch"
        id="presence-visible"
        role="switch"
        label="Show when I am online"
        checked={query.data.visible}
        disabled={saving}
        aria-describedby="presence-help"
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    );

  return (
    <section aria-labelledby="presence-heading" className="mt-4 border-top pt-3">
      <h2 id="presence-heading" className="h5">
        Presence
      </h2>
      <p id="presence-help" className="text-muted">
        The people you have a conversation with see when you are online or were last seen. When you hide
        yours, you see nobody&apos;s.
      </p>
      {body}
      {status ? (
        <p
          className={`mt-2 ${status.error ? 'text-danger' : 'text-success'}`}
          role={status.error ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
