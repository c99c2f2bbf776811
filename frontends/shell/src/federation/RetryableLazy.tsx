import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { LoadingOverlay } from '@vellum/ui/core';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { LAZY_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout';
import { RemoteLoadError } from './RemoteLoadError';

export type ModuleLoader = (attempt: number) => Promise<{ default: ComponentType }>;

interface Props {
  name: string;
  label: string;
  load: ModuleLoader;
}

/**
 * A section loaded on first visit: a shell chunk or a remote's module. A failure or a load longer than
 * 120 s shows the error with Retry; each Retry starts a fresh load (React.lazy keeps a failed one forever).
 */
export function RetryableLazy({ name, label, load }: Props) {
  const [attempt, setAttempt] = useState(0);
  const Section = useMemo(
    () =>
      lazy(() =>
        withTimeout(
          withQueryScope(load(attempt), name, label),
          LAZY_LOAD_TIMEOUT_MS,
          () =>
            new RemoteLoadError(name, `Loading ${label} took longer than ${LAZY_LOAD_TIMEOUT_MS / 1000} s.`),
        ),
      ),
    [load, attempt, name, label],
  );
  return (
    <LoadErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingOverlay show delay={300} label={`Loading ${label}…`} />}>
        <Section />
      </Suspense>
    </LoadErrorBoundary>
  );
}

/** The section inside the page's query client, which loads (once) with the first section that needs it. */
async function withQueryScope(
  loading: Promise<{ default: ComponentType }>,
  name: string,
  label: string,
): Promise<{ default: ComponentType }> {
  const scope = import('../app/queryScope').catch((error: unknown) => {
    throw new RemoteLoadError(name, `${label} could not be loaded.`, error);
  });
  const [{ default: Loaded }, { QueryScope }] = await Promise.all([loading, scope]);
  return {
    default: function InQueryScope() {
      return (
        <QueryScope>
          <Loaded />
        </QueryScope>
      );
    },
  };
}

/** A shell chunk as a section: dynamic import failures become load errors with Retry. */
export function lazySection(
  name: string,
  label: string,
  importer: () => Promise<{ default: ComponentType }>,
) {
  const load: ModuleLoader = () =>
    importer().catch((error: unknown) => {
      throw new RemoteLoadError(name, `${label} could not be loaded.`, error);
    });
  return function LazySection() {
    return <RetryableLazy name={name} label={label} load={load} />;
  };
}
