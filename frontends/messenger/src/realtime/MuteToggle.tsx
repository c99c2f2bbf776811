import { useState } from 'react';
import { Form, isMessageSoundMuted, setMessageSoundMuted } from '@vellum/ui';

/** The new-message sound on or off, remembered in this browser (the top bar plays it). */
export function MuteToggle() {
  const [muted, setMuted] = useState(isMessageSoundMuted);
  return (
    <Form.Check
      type="switch"
      role="switch"
      id="messenger-sound"
      label="Sound for new messages"
      checked={!muted}
      onChange={(event) => {
        setMessageSoundMuted(!event.target.checked);
        setMuted(!event.target.checked);
      }}
    />
  );
}
