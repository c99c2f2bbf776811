import { useState } from 'react';
import { isApiError } from '@vellum/ui';
import { messageTextSchema, messagingMessages } from '@vellum/proto/api';

/**
 * A message's text being written (the composer's, or an edit's): checked by the service's own schema with its
 * messages, written once at a time, and a refusal kept with its reason.
 */
export function useMessageDraft(initial = '') {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const check = messageTextSchema.safeParse(text);
  const fieldError = check.success
    ? null
    : (check.error.issues[0]?.message ?? messagingMessages.textRequired);

  /** Writes the checked text; true once written. */
  const submit = async (write: (text: string) => Promise<void>): Promise<boolean> => {
    if (!check.success || busy) return false;
    setBusy(true);
    setFailure(null);
    try {
      await write(check.data);
      return true;
    } catch (error) {
      setFailure(isApiError(error) ? error.message : messagingMessages.sendFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const change = (value: string) => {
    setText(value);
    setFailure(null);
  };
  return { text, setText, change, valid: check.success, fieldError, busy, failure, submit };
}
