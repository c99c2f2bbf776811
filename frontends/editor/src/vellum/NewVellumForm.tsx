import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, type Editor } from '@tiptap/react';
import { Badge, Button, Container, LoadingOverlay, paths, useForm, useTitle } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { hasContent, parseVellumText, serializeDocument } from '../editor/document';
import { SmallToolbar } from '../editor/toolbar/SmallToolbar';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';
import { draftKey, drafts } from './drafts';
import { ImportMarkdown } from '../markdown/ImportMarkdown';
import { usePasteNotices } from '../markdown/usePasteNotices';
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
  const [ready, setReady] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const form = useForm({
    initial: { title: '', text: '' },
    // Title and content are checked on Create (`create` below): Create is never disabled but while creating.
    ready: () => true,
    // The page moves on to the new vellum.
    keepBusy: true,
    failure: (failure) => {
      console.warn('Could not create the Vellum', failure);
      return texts.createFailed;
    },
    submit: async ({ title }) => {
      const current = editorRef.current?.getJSON() ?? parseVellumText(textRef.current).doc;
      const { savedVellum } = await vellumApi.create({
        title: title.trim(),
        text: serializeDocument(current),
      });
      drafts.remove(key);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
      // Its page opens in edit mode: the owner who has not toggled is put in edit mode.
      await navigate(paths.vellum(savedVellum.i));
    },
  });
  const { title, text } = form.values;
  const { set } = form;
  const setTitle = (value: string) => set('title', value);
  const creating = form.busy;
  const error = form.serverError;
  const textRef = useRef(text);
  textRef.current = text;
  const editor = useVellumEditor({
    editable: true,
    label: 'Vellum text',
    placeholder: texts.bodyPlaceholder,
    onUpdate: (instance) => set('text', serializeDocument(instance.getJSON())),
    onReady: (instance) => {
      const first = editorRef.current === null;
      editorRef.current = instance;
      if (!first) {
        loadDocument(instance, parseVellumText(textRef.current).doc);
        return;
      }
      // What was typed here before (a reload, a crash) comes back.
      const kept = drafts.read(key);
      if (kept)
        form.setValues({ title: kept.title, text: loadDocument(instance, parseVellumText(kept.text).doc) });
      setReady(true);
    },
  });

  usePasteNotices(editor);
  const typed = title !== '' || textHasContent(text);
  useDraftAutosave({ enabled: ready && !creating, key, title, text, dirty: typed });

  const create = async () => {
    if (creating) return;
    const current = editorRef.current?.getJSON() ?? parseVellumText(textRef.current).doc;
    if (!title.trim() || !hasContent(current)) {
      form.setServerError(texts.createFailed);
      return;
    }
    await form.onSubmit();
  };
  useCtrlEnter(!creating, () => void create());

  return (
    <Container className="py-4 vellum-page" data-testid="new-vellum-page">
      <ImportMarkdown>
        <Link to={username ? paths.vellums(username) : paths.welcome()} className="small">
          ← {texts.myVellums}
        </Link>
        <ErrorAlert message={error} onClose={() => form.setServerError(null)} />
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
      </ImportMarkdown>
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
