import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, type Editor } from '@tiptap/react';
import { Badge, Button, Container, LoadingOverlay, paths, useTitle } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { hasContent, parseVellumText, serializeDocument } from '../editor/document';
import { SmallToolbar } from '../editor/toolbar/SmallToolbar';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';
import { draftKey, drafts } from './drafts';
import { ErrorAlert } from './ErrorAlert';
import { TitleField } from './TitleField';
import { useCtrlEnter } from './useCtrlEnter';
import { useDraftAutosave } from './useDraftAutosave';

/** Loading overlay delay of the new-vellum page (spec section 9). */
export const CREATE_OVERLAY_DELAY_MS = 400;

/**
 * The new-vellum form (spec section 2): title, the 'Vellum of Knowledge' label, the small toolbar, the editor and
 * 'Create Vellum' (or Control + Enter). What is typed is kept in this browser until the vellum is created.
 */
export function NewVellumForm({ username }: { username: string }) {
  useTitle(texts.newVellum);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = draftKey(username, 'new');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [ready, setReady] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const editor = useVellumEditor({
    editable: true,
    label: 'Vellum text',
    placeholder: texts.bodyPlaceholder,
    onChange: setText,
    onReady: (instance) => {
      const first = editorRef.current === null;
      editorRef.current = instance;
      if (!first) {
        loadDocument(instance, parseVellumText(textRef.current).doc);
        return;
      }
      // What was typed here before (a reload, a crash) comes back.
      const kept = drafts.read(key);
      if (kept) {
        setTitle(kept.title);
        setText(loadDocument(instance, parseVellumText(kept.text).doc));
      }
      setReady(true);
    },
  });

  const typed = title !== '' || textHasContent(text);
  useDraftAutosave({ enabled: ready && !creating, key, title, text, dirty: typed });

  const create = async () => {
    if (creating) return;
    const current = editorRef.current?.getJSON() ?? parseVellumText(textRef.current).doc;
    if (!title.trim() || !hasContent(current)) {
      setError(texts.createFailed);
      return;
    }
    setCreating(true);
    setError(null);
    try {
      const { savedVellum } = await vellumApi.create({
        title: title.trim(),
        text: serializeDocument(current),
      });
      drafts.remove(key);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
      // Its page opens in edit mode: the owner who has not toggled is put in edit mode.
      await navigate(paths.vellum(savedVellum.i));
    } catch (failure) {
      console.warn('Could not create the Vellum', failure);
      setError(texts.createFailed);
      setCreating(false);
    }
  };
  useCtrlEnter(!creating, () => void create());

  return (
    <Container className="py-4 vellum-page" data-testid="new-vellum-page">
      <Link to={username ? paths.vellums(username) : paths.welcome()} className="small">
        ← {texts.myVellums}
      </Link>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      <div className="mt-2 mb-2">
        <TitleField
          value={title}
          onChange={setTitle}
          onDone={() => editor?.commands.focus('start')}
          autoFocus
        />
      </div>
      <Badge bg="info" text="dark" className="mb-2">
        {texts.vellumOfKnowledge}
      </Badge>
      {editor ? <SmallToolbar editor={editor} /> : null}
      <EditorContent editor={editor} className="vellum-editor is-editing mt-2" />
      <div className="d-flex align-items-center gap-2 mt-3">
        <Button variant="info" onClick={() => void create()} disabled={creating}>
          {texts.createVellum}
        </Button>
        <small className="text-secondary">Control + Enter</small>
      </div>
      <LoadingOverlay show={creating} delay={CREATE_OVERLAY_DELAY_MS} label="Creating the Vellum…" />
    </Container>
  );
}

function textHasContent(text: string): boolean {
  try {
    return text !== '' && hasContent(JSON.parse(text) as Parameters<typeof hasContent>[0]);
  } catch {
    return false;
  }
}
