import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, isApiError, paths } from '@vellum/ui';
import { queryKeys } from '../api/vellumApi';
import { texts } from '../texts';
import { importMarkdownFile } from './importMarkdown';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'failed'; message: string; notices: string[] }
  | { kind: 'imported'; id: string; notices: string[] };

const isFileDrag = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The new-vellum page's import: 'Import Markdown' (a file picker) or a Markdown file dropped anywhere on the page
 * creates a vellum from it. Without notices the new vellum opens; with notices (what was left out) they stay on
 * this page, with a link to the vellum.
 */
export function ImportMarkdown({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);

  const importFile = async (file: File | undefined) => {
    if (!file || state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      const outcome = await importMarkdownFile(file);
      if (!outcome.ok) {
        setState({
          kind: 'failed',
          message: `${texts.importFailed} ${outcome.message}`,
          notices: outcome.notices,
        });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
      if (outcome.notices.length === 0) await navigate(paths.vellum(outcome.id));
      else setState({ kind: 'imported', id: outcome.id, notices: outcome.notices });
    } catch (failure) {
      const reason = isApiError(failure) ? ` ${failure.message}` : '';
      setState({ kind: 'failed', message: `${texts.importFailed}${reason}`, notices: [] });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setDragging(false);
    void importFile(event.dataTransfer.files[0]);
  };
  const onDragOver = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setDragging(true);
  };

  return (
    <div
      data-testid="markdown-drop-zone"
      className={dragging ? 'markdown-drop-zone is-dragging' : 'markdown-drop-zone'}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {children}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
        <Button
          variant="outline-secondary"
          onClick={() => input.current?.click()}
          disabled={state.kind === 'busy'}
        >
          {texts.importMarkdown}
        </Button>
        <small className="text-secondary">{texts.importHint}</small>
        <input
          ref={input}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          className="d-none"
          data-testid="markdown-file"
          aria-label={texts.importMarkdown}
          onChange={(event) => void importFile(event.target.files?.[0])}
        />
      </div>
      {state.kind === 'failed' || state.kind === 'imported' ? (
        <Alert
          variant={state.kind === 'failed' ? 'danger' : 'warning'}
          className="mt-3"
          data-testid="import-notices"
        >
          {state.kind === 'failed' ? (
            <p className="mb-1">{state.message}</p>
          ) : (
            <p className="mb-1">{texts.importedWithNotices}</p>
          )}
          {state.notices.length ? (
            <ul className="mb-1">
              {state.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          ) : null}
          {state.kind === 'imported' ? <Link to={paths.vellum(state.id)}>{texts.openImported}</Link> : null}
        </Alert>
      ) : null}
    </div>
  );
}
