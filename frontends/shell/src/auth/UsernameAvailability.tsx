import { useEffect, useState } from 'react';
import { usernameSchema } from '@vellum/proto/api';
import { api, useDebounce } from '@vellum/ui/core';

type Availability = 'unknown' | 'available' | 'unavailable';

/** A short pause so a fast typist sends one request, not one per key; the spec only says "as it changes". */
const CHECK_DELAY_MS = 250;

/** Asks GET /api/username/{handle} whenever the (valid) username changes. */
export function useUsernameAvailability(username: string): Availability {
  const handle = useDebounce(username.trim(), CHECK_DELAY_MS);
  const [state, setState] = useState<{ handle: string; availability: Availability }>({
    handle: '',
    availability: 'unknown',
  });
  useEffect(() => {
    if (!usernameSchema.safeParse(handle).success) return;
    const controller = new AbortController();
    api
      .get<{ available: boolean }>(`/api/username/${encodeURIComponent(handle)}`, {
        signal: controller.signal,
      })
      .then((answer) => setState({ handle, availability: answer.available ? 'available' : 'unavailable' }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError') console.error('Username check failed', error);
      });
    return () => controller.abort();
  }, [handle]);
  // An answer about an older handle says nothing about the one typed now.
  return state.handle === username.trim() ? state.availability : 'unknown';
}

export function UsernameAvailability({ availability }: { availability: Availability }) {
  if (availability === 'unknown') return null;
  return (
    <span
      className={`small fw-semibold ${availability === 'available' ? 'text-success' : 'text-danger'}`}
      data-testid="username-availability"
      aria-live="polite"
    >
      {availability === 'available' ? 'Available' : 'Unavailable'}
    </span>
  );
}
