import { useId, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VellumView, VersionListItem } from '@vellum/proto/api';
import { Alert, Button, ConfirmModal, Spinner } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { longDateTime } from '../format/dates';
import { texts } from '../texts';
import { failureMessage } from '../vellum/errors';
import { DiffView } from './DiffView';
import { sizeLabel } from './sizes';
import { VersionText } from './VersionText';

export interface HistoryPanelProps {
  vellum: VellumView;
  /** The editor holds changes not saved yet: a restore discards them, and the confirmation says so. */
  unsaved: boolean;
  /** After a restore: the page shows the vellum as the server now holds it. */
  onRestored(): Promise<void>;
}

/** An opened version's two views: what changed since, and its text. */
const VIEWS = [
  ['changes', texts.changesSince],
  ['text', texts.versionText],
] as const;

const dateOf = (version: VersionListItem) => longDateTime(new Date(version.saved_at).getTime());

/** One version opened: its changes since (or its text, read-only), and Restore after a confirmation. */
function OpenVersion({
  vellum,
  unsaved,
  item,
  onClose,
  onRestored,
}: HistoryPanelProps & { item: VersionListItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<'changes' | 'text'>('changes');
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const version = useQuery({
    queryKey: queryKeys.version(vellum.i, item.i),
    queryFn: () => vellumApi.version(vellum.i, item.i),
  });
  const headingId = useId();

  const restore = async () => {
    setRestoring(true);
    setError(null);
    try {
      await vellumApi.restoreVersion(vellum.i, item.i);
      await queryClient.invalidateQueries({ queryKey: queryKeys.versions(vellum.i) });
      await onRestored();
      onClose();
    } catch (failure) {
      setError(failureMessage(texts.restoreFailed, failure));
    } finally {
      setRestoring(false);
      setConfirming(false);
    }
  };

  const loaded = version.data?.version;
  return (
    <section className="border rounded p-3 mt-3" aria-labelledby={headingId} data-testid="open-version">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 me-auto" id={headingId}>
          {texts.versionHeading(dateOf(item))}
        </h3>
        {VIEWS.map(([name, label]) => (
          <Button
            key={name}
            size="sm"
            variant={view === name ? 'secondary' : 'light'}
            aria-pressed={view === name}
            onClick={() => setView(name)}
          >
            {label}
          </Button>
        ))}
        <Button
          size="sm"
          variant="info"
          disabled={!loaded || loaded.problem !== null || restoring}
          onClick={() => setConfirming(true)}
        >
          {texts.restoreVersion}
        </Button>
        <Button size="sm" variant="light" onClick={onClose}>
          {texts.closeVersion}
        </Button>
      </div>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {version.isError ? (
        <Alert variant="danger">{failureMessage(texts.historyFailed, version.error)}</Alert>
      ) : null}
      {version.isPending ? (
        <Spinner size="sm" role="status" aria-label={texts.versionHeading(dateOf(item))} />
      ) : null}
      {loaded ? (
        <>
          {loaded.problem ? <Alert variant="warning">{loaded.problem}</Alert> : null}
          <p className="fw-semibold mb-2">{loaded.title}</p>
          {view === 'changes' ? (
            <DiffView before={loaded} after={vellum} />
          ) : loaded.problem ? null : (
            <VersionText text={loaded.text} />
          )}
        </>
      ) : null}
      <ConfirmModal
        show={confirming}
        busy={restoring}
        variant="info"
        confirmText={texts.restoreVersion}
        onConfirm={() => void restore()}
        onCancel={() => setConfirming(false)}
      >
        {texts.restoreConfirm}
        {unsaved ? <p className="mb-0 mt-2 fw-semibold">{texts.restoreDropsEdits}</p> : null}
      </ConfirmModal>
    </section>
  );
}

/**
 * The owner's History of a vellum (issue 28): a button that opens the panel; in it the versions newest first with
 * their date and size (more by cursor), one opened at a time.
 */
export function HistoryPanel({ vellum, unsaved, onRestored }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<VersionListItem | null>(null);
  const panelId = useId();
  const headingId = useId();
  const pages = useInfiniteQuery({
    queryKey: queryKeys.versions(vellum.i),
    queryFn: ({ pageParam }) => vellumApi.versions(vellum.i, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    enabled: open,
  });
  const versions = pages.data?.pages.flatMap((page) => page.versions) ?? [];

  return (
    <div className="mt-2">
      <Button
        size="sm"
        variant="light"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {texts.history}
      </Button>
      {open ? (
        <section id={panelId} className="vellum-history card card-body mt-2" aria-labelledby={headingId}>
          <h2 className="h5" id={headingId}>
            {texts.history}
          </h2>
          {pages.isError ? (
            <Alert variant="danger">{failureMessage(texts.historyFailed, pages.error)}</Alert>
          ) : null}
          {pages.isPending ? <Spinner size="sm" role="status" aria-label={texts.history} /> : null}
          {pages.isSuccess && versions.length === 0 ? (
            <p className="text-secondary mb-0">{texts.noVersions}</p>
          ) : null}
          {versions.length > 0 ? (
            <ul className="list-unstyled d-flex flex-column gap-1 mb-0" aria-label={texts.versionsLabel}>
              {versions.map((version) => (
                <li key={version.i}>
                  <Button
                    size="sm"
                    variant={selected?.i === version.i ? 'secondary' : 'link'}
                    className="text-start"
                    aria-pressed={selected?.i === version.i}
                    onClick={() => setSelected(version)}
                  >
                    {texts.versionLabel(dateOf(version), sizeLabel(version.size))}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {pages.hasNextPage ? (
            <Button
              size="sm"
              variant="light"
              className="mt-2 align-self-start"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {texts.moreVersions}
            </Button>
          ) : null}
          {selected ? (
            <OpenVersion
              key={selected.i}
              vellum={vellum}
              unsaved={unsaved}
              item={selected}
              onClose={() => setSelected(null)}
              onRestored={onRestored}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
