import { useEffect, useState } from 'react';
import { realtime, type RealtimeStatus } from '@vellum/ui';

/** A quiet note while the realtime connection is lost; it goes away by itself once the socket is back. */
export function ConnectionBanner() {
  const [status, setStatus] = useState<RealtimeStatus>(realtime.status);
  useEffect(() => {
    setStatus(realtime.status());
    return realtime.onStatus(setStatus);
  }, []);
  if (status !== 'lost') return null;
  return (
    <p className="small text-body-secondary bg-body-tertiary rounded px-2 py-1 mb-2" role="status">
      Connection lost. Reconnecting…
    </p>
  );
}
