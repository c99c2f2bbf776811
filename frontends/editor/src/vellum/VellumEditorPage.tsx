import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent } from '@tiptap/react';
import type { VellumView } from '@vellum/proto/api';
import { Container, paths, useTitle } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { Toolbar } from '../editor/toolbar/Toolbar';
import { authorName } from '../format/authors';
import { longDate } from '../format/dates';
import { texts } from '../texts';
import { BackToTop } from './BackToTop';
import { DraftOffer } from './DraftOffer';
import { ErrorAlert } from './ErrorAlert';
import { failureMessage } from './errors';
import { LeavePrompt } from './LeavePrompt';
import { HistoryPanel } from '../history/HistoryPanel';
import { ExportMarkdownButton } from '../markdown/ExportMarkdownButton';
import { usePasteNotices } from '../markdown/usePasteNotices';
import { OwnerControls } from './OwnerControls';
import { SaveConflict } from './SaveConflict';
import { SaveStatus } from './SaveStatus';
import { ScoreBadge } from './ScoreBadge';
import { TitleField } from './TitleField';
import { useCtrlEnter } from './useCtrlEnter';
import { useLeavePrompt } from './useLeavePrompt';
import { useVellumEditing } from './useVellumEditing';
import { VisibilityControl } from './VisibilityControl';

export interface VellumEditorPageProps {
  vellum: VellumView;
  isOwner: boolean;
}

/** The page of one vellum the viewer may see (spec section 2, 'Vellum view/edit'). */
export function VellumEditorPage({ vellum, isOwner }: VellumEditorPageProps) {
  const editing = useVellumEditing(vellum, isOwner);
  const { editor, editMode, setError } = editing;
  usePasteNotices(editor);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { blocker, allowLeaving } = useLeavePrompt(editing.unsaved);
  useCtrlEnter(editMode, () => void editing.save());
  useTitle(vellum.title || undefined);

  const author = vellum.owned_by_cirrus;
  const backTo = isOwner ? paths.vellums(author.username) : paths.publicVellums(author.username);

  const changeVisibility = async (makePublic: boolean) => {
    try {
      await (makePublic ? vellumApi.publish(vellum.i) : vellumApi.makePrivate(vellum.i));
    } catch (failure) {
      setError(failureMessage(makePublic ? texts.publishFailed : texts.privateFailed, failure));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
    await editing.reload().catch((failure: unknown) => console.warn('Could not reload the Vellum', failure));
  };

  const remove = async () => {
    try {
      await vellumApi.remove(vellum.i);
    } catch (failure) {
      setError(failureMessage(texts.deleteFailed, failure));
      return;
    }
    editing.dropDraft();
    allowLeaving();
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
    await navigate(paths.vellums(author.username), { replace: true });
    queryClient.removeQueries({ queryKey: queryKeys.vellum(vellum.i), exact: true });
  };

  return (
    <Container className="py-4 vellum-page" data-testid="vellum-page">
      <Link to={backTo} className="small">
        ← {texts.otherVellums}
      </Link>
      <ErrorAlert message={editing.error} onClose={() => setError(null)} />
      {editing.offered ? (
        <DraftOffer draft={editing.offered} onRestore={editing.restoreDraft} onDiscard={editing.dropDraft} />
      ) : null}
      <div className="mt-2 mb-1" data-saved-title={editing.flags.title} data-saved-text={editing.flags.text}>
        {editMode ? (
          <TitleField
            value={editing.title}
            onChange={editing.setTitle}
            onDone={() => editor?.commands.focus('start')}
          />
        ) : (
          <h1 className="h2 vellum-title text-break">{editing.title}</h1>
        )}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 small text-secondary mb-2">
        <span data-testid="updated-on">{texts.updatedOn(longDate(vellum.last_edited))}</span>
        {isOwner ? (
          <VisibilityControl isPublic={vellum.is_public} onChange={changeVisibility} />
        ) : (
          <span>{texts.vellumBy(authorName(author))}</span>
        )}
        {vellum.is_public ? <ScoreBadge vellumId={vellum.i} isOwner={isOwner} /> : null}
        <ExportMarkdownButton vellumId={vellum.i} onError={setError} />
      </div>
      {isOwner ? (
        <OwnerControls
          editMode={editMode}
          unsaved={editing.unsaved}
          saving={editing.saving}
          onEditButton={editing.onEditButton}
          onSave={() => void editing.save()}
          onDelete={remove}
        />
      ) : null}
      {isOwner && editMode ? (
        <SaveStatus
          offline={editing.offline}
          pending={editing.pending}
          recovered={editing.recovered && !editing.unsaved}
        />
      ) : null}
      {editing.conflict ? (
        <SaveConflict
          busy={editing.saving}
          onKeepMine={() => void editing.keepMine()}
          onLoadTheirs={() => void editing.loadTheirs()}
        />
      ) : null}
      {isOwner ? (
        <HistoryPanel
          vellum={vellum}
          unsaved={editing.unsaved}
          onRestored={async () => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
            await editing.showServerCopy();
          }}
        />
      ) : null}
      {editMode && editor ? <Toolbar editor={editor} onError={setError} /> : null}
      <EditorContent editor={editor} className={`vellum-editor mt-2${editMode ? ' is-editing' : ''}`} />
      <BackToTop />
      <LeavePrompt blocker={blocker} onDiscard={editing.dropDraft} />
    </Container>
  );
}

/** Spec section 8: a vellum that fails to load is treated as empty. */
export function UnloadableVellum() {
  const [message, setMessage] = useState<string | null>(texts.loadFailed);
  return (
    <Container className="py-4 vellum-page" data-testid="vellum-page">
      <ErrorAlert message={message} onClose={() => setMessage(null)} />
      <h1 className="visually-hidden">Vellum</h1>
    </Container>
  );
}
