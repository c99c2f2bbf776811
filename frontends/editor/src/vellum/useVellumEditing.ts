import { useCallback, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type { VellumView } from '@vellum/proto/api';
import { useSession } from '@vellum/ui';
import { parseVellumText, serializeDocument } from '../editor/document';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';
import { draftKey } from './drafts';
import { isEditMode, savedFlags, type EditToggle } from './editState';
import { failureMessage } from './errors';
import { useDraftAutosave } from './useDraftAutosave';
import { useDraftOffer } from './useDraftOffer';
import { useVellumServer } from './useVellumServer';

interface Snapshot {
  title: string;
  text: string;
}

/**
 * The state of one vellum on its page (spec section 4): edit mode, the loaded snapshot with the title's and
 * text's saved flags, save, discard and the error alert. The calls are `useVellumServer`'s, the draft kept in the
 * browser `useDraftOffer`'s and `useDraftAutosave`'s; the leave-page prompt is the page's (`useLeavePrompt`).
 */
export function useVellumEditing(vellum: VellumView, isOwner: boolean) {
  const id = vellum.i;
  const { signedCirrus } = useSession();
  const { reload, save: saveVellum, afterSave } = useVellumServer(id);
  const [toggle, setToggle] = useState<EditToggle>({ toggled: false, chosen: false });
  const editMode = isEditMode(toggle, isOwner);
  const [error, setError] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [title, setTitle] = useState(vellum.title);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const key = isOwner && signedCirrus ? draftKey(signedCirrus.username, id) : null;
  const {
    offered,
    settled: offerSettled,
    check: checkDraft,
    accept: acceptDraft,
    drop: dropDraft,
    forget: forgetDraft,
  } = useDraftOffer(key);

  const editorRef = useRef<Editor | null>(null);
  const textRef = useRef(text);
  textRef.current = text;

  /** Shows a vellum as loaded from the server: the new snapshot, nothing unsaved. */
  const show = useCallback((loaded: VellumView) => {
    const parsed = parseVellumText(loaded.text);
    if (!parsed.ok) {
      console.warn('The Vellum does not fit the editor', parsed.message);
      setError(texts.loadFailed);
    }
    const live = editorRef.current;
    const normal = live ? loadDocument(live, parsed.doc) : serializeDocument(parsed.doc);
    setSnapshot({ title: loaded.title, text: normal });
    setTitle(loaded.title);
    setText(normal);
    return normal;
  }, []);

  const started = useRef(false);
  const onReady = (instance: Editor) => {
    editorRef.current = instance;
    if (started.current) {
      // A replacement instance: it gets what the page holds.
      loadDocument(instance, parseVellumText(textRef.current).doc);
      return;
    }
    started.current = true;
    const normal = show(vellum);
    checkDraft({ title: vellum.title, text: normal });
  };

  const editor = useVellumEditor({
    editable: editMode,
    label: 'Vellum text',
    placeholder: texts.bodyPlaceholder,
    onChange: setText,
    onContentError: (message) => setError(message),
    onReady,
  });

  const flags = savedFlags(snapshot, { title, text });
  const unsaved = editMode && (!flags.title || !flags.text);
  useDraftAutosave({
    enabled: editMode && offerSettled,
    key,
    title,
    text,
    dirty: !flags.title || !flags.text,
  });

  /** Discard Changes: drops the kept draft and reloads the vellum from the server. */
  const discard = useCallback(async () => {
    dropDraft();
    setError(null);
    try {
      const fresh = await reload();
      show(fresh.vellum ?? vellum);
    } catch (failure) {
      console.warn('Could not reload the Vellum', failure);
      show(vellum);
    }
  }, [dropDraft, reload, show, vellum]);

  const save = useCallback(async () => {
    if (!editMode || saving) return;
    const trimmed = title.trim();
    if (!trimmed) {
      setError(texts.titleRequired);
      return;
    }
    const sent = editorRef.current ? serializeDocument(editorRef.current.getJSON()) : textRef.current;
    setSaving(true);
    setError(null);
    try {
      await saveVellum(trimmed, sent);
    } catch (failure) {
      setError(failureMessage(texts.saveFailed, failure));
      setSaving(false);
      return;
    }
    // The server holds what was sent: that is the new snapshot. The editor keeps its content (and the cursor);
    // the vellum is reloaded for its updated-on line.
    forgetDraft();
    setSnapshot({ title: trimmed, text: sent });
    setTitle((current) => (current === title ? trimmed : current));
    try {
      await afterSave();
    } catch (failure) {
      console.warn('Could not reload the Vellum', failure);
    } finally {
      setSaving(false);
    }
  }, [editMode, saving, title, saveVellum, forgetDraft, afterSave]);

  const onEditButton = useCallback(() => {
    if (!editMode) setToggle({ toggled: true, chosen: true });
    else if (unsaved) void discard();
    else setToggle({ toggled: true, chosen: false });
  }, [editMode, unsaved, discard]);

  const restoreDraft = useCallback(() => {
    if (!offered) return;
    const parsed = parseVellumText(offered.text);
    const live = editorRef.current;
    setText(live ? loadDocument(live, parsed.doc) : serializeDocument(parsed.doc));
    setTitle(offered.title);
    acceptDraft();
    setToggle({ toggled: true, chosen: true });
  }, [offered, acceptDraft]);

  return {
    editor,
    editMode,
    title,
    setTitle,
    flags,
    unsaved,
    saving,
    error,
    setError,
    offered,
    restoreDraft,
    dropDraft,
    save,
    onEditButton,
    reload,
  };
}
