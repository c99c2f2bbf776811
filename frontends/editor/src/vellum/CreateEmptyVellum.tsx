import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Container, LoadingOverlay, paths } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { texts } from '../texts';
import { ErrorAlert } from './ErrorAlert';

/** The create-empty variant: an empty title and text, then the new vellum's page in edit mode. */
export function CreateEmptyVellum() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once, even when React runs the effect twice in development.
    if (started.current) return;
    started.current = true;
    vellumApi
      .create({ title: '', text: '' })
      .then(({ savedVellum }) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
        void navigate(paths.vellum(savedVellum.i), { replace: true });
      })
      .catch((failure: unknown) => {
        console.warn('Could not create an empty Vellum', failure);
        setError(texts.createFailed);
      });
  }, [navigate, queryClient]);
  return (
    <Container className="py-4">
      <LoadingOverlay show={!error} delay={400} />
      <ErrorAlert message={error} onClose={() => setError(null)} />
    </Container>
  );
}
