import { useCallback, useRef, useState } from 'react';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Editor } from '@tiptap/react';
import type { VellumView } from '@vellum/proto/api';
import { useSession } from '@vellum/ui';
import type { VellumNode } from '@vellum/proto/editor';
import { EMPTY_DOCUMENT, parseVellumText, serializeDocument } from '../editor/document';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';
import { draftKey } from './drafts';
import { isEditMode, savedFlags, type EditToggle } from './editState';
import { failureMessage } from './errors';
import { saveFailureOf } from './saveFailure';
import { useDraftAutosave } from './useDraftAutosave';
import { useDraftOffer } from './useDraftOffer';
import { useSaveRetry } from './useSaveRetry';
import { useVellumServer } from './useVellumServer';

/**
 * What the server holds, as the editor normalised it: the title, the text as a JSON string (what a kept draft is
 * compared with) and the document of the live editor instance (what the text's saved flag compares with).
 */
interface Snapshot {
  title: string;
  text: string;
  doc: ProseMirrorNode | null;
}

/**
 * The state of one vellum on its page (spec section 4): edit mode, the loaded snapshot with the title's and
 * text's saved flags, save, discard and the error alert. The calls are `useVellumServer`'s, the draft kept in the
 * browser `useDraftOffer`'s and `useDraftAutosave`'s; the leave-page prompt is the page's (`useLeavePrompt`).
 *
 * A save sends the revision the edits started from (issue 28). One that fails for want of the network or the
 * server keeps the edits and is tried again by itself (`useSaveRetry`); one refused because the vellum was saved
 * elsewhere since (409) waits for the person's choice: keep theirs (`keepMine`, a save over the revision read again)
 * or load the other (`loadTheirs`, Discard Changes).
 *
 * Typing costs the page no render: the editor holds the text, and each change only compares the editor's document
 * with the snapshot's (`Node.eq`, which stops at the nodes the two share, so a keystroke in a long vellum compares
 * one paragraph, never the whole document's JSON); the text's saved flag is React state that changes only when the
 * answer does. The text is serialised when it is needed: saving, and writing the draft 300 ms after a change.
 */
export function useVellumEditing(vellum: VellumView, isOwner: boolean) {
  const id = vellum.i;
  const { signedCirrus } = useSession();
  const { reload, save: saveVellum, afterSave } = useVellumServer(id);
  const [toggle, setToggle] = useState<EditToggle>({ toggled: false, chosen: false });
  const editMode = isEditMode(toggle, isOwner);
  const [error, setError] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<{ title: string } | null>(null);
  const snapshotRef = useRef<Snapshot | null>(null);
  const [title, setTitle] = useState(vellum.title);
  const [textSaved, setTextSaved] = useState(true);
  const [saving, setSaving] = useState(false);
  /** The revision the edits started from: the loaded one, then each save's. */
  const revision = useRef(vellum.revision);
  const [conflict, setConflict] = useState(false);
  /** The last save came after failed ones: the status line says the edits are saved now. */
  const [recovered, setRecovered] = useState(false);
  const retryRef = useRef<() => void>(() => undefined);
  const retries = useSaveRetry(() => retryRef.current());
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
  /** The text as the page holds it: the live editor's document, or the JSON string of the last one known. */
  const currentDoc = useRef<ProseMirrorNode | string>(serializeDocument(EMPTY_DOCUMENT));
  const currentText = useCallback(() => {
    const held = currentDoc.current;
    return typeof held === 'string' ? held : serializeDocument(held.toJSON() as VellumNode);
  }, []);

  /**
   * Compares the text with the snapshot and sets the text's saved flag (a render only when it changes). The
   * documents are compared node by node; as JSON only if the snapshot is not in the live editor's schema.
   */
  const compareText = useCallback(() => {
    const held = currentDoc.current;
    const snap = snapshotRef.current;
    let saved = true;
    if (snap && typeof held === 'string') saved = held === snap.text;
    else if (snap && typeof held !== 'string')
      saved = snap.doc?.type.schema === held.type.schema ? held.eq(snap.doc) : currentText() === snap.text;
    setTextSaved(saved);
  }, [currentText]);

  /** Shows a vellum as loaded from the server: the new snapshot, nothing unsaved. */
  const show = useCallback(
    (loaded: VellumView) => {
      const parsed = parseVellumText(loaded.text);
      if (!parsed.ok) {
        console.warn('The Vellum does not fit the editor', parsed.message);
        setError(texts.loadFailed);
      }
      const live = editorRef.current;
      const normal = live ? loadDocument(live, parsed.doc) : serializeDocument(parsed.doc);
      currentDoc.current = live ? live.state.doc : normal;
      snapshotRef.current = { title: loaded.title, text: normal, doc: live ? live.state.doc : null };
      revision.current = loaded.revision;
      setSnapshot({ title: loaded.title });
      setTitle(loaded.title);
      compareText();
      return normal;
    },
    [compareText],
  );

  const started = useRef(false);
  const onReady = (instance: Editor) => {
    editorRef.current = instance;
    if (started.current) {
      // A replacement instance: it gets what the page holds, and the snapshot in its own schema.
      loadDocument(instance, parseVellumText(currentText()).doc);
      currentDoc.current = instance.state.doc;
      const snap = snapshotRef.current;
      if (snap) snapshotRef.current = { ...snap, doc: instance.schema.nodeFromJSON(JSON.parse(snap.text)) };
      compareText();
      return;
    }
    started.current = true;
    const normal = show(vellum);
    checkDraft({ title: vellum.title, text: normal });
  };

  const flags = savedFlags(snapshot, { title, textSaved });
  const dirty = !flags.title || !flags.text;
  const unsaved = editMode && dirty;
  const autosave = useDraftAutosave({
    enabled: editMode && offerSettled,
    key,
    title,
    text: currentText,
    dirty,
  });

  const editor = useVellumEditor({
    editable: editMode,
    label: 'Vellum text',
    placeholder: texts.bodyPlaceholder,
    onUpdate: (instance) => {
      currentDoc.current = instance.state.doc;
      compareText();
      autosave.changed();
    },
    onContentError: (message) => setError(message),
    onReady,
  });

  /** Discard Changes: drops the kept draft and reloads the vellum from the server. */
  const discard = useCallback(async () => {
    dropDraft();
    setError(null);
    setConflict(false);
    retries.settled();
    try {
      const fresh = await reload();
      show(fresh.vellum ?? vellum);
    } catch (failure) {
      console.warn('Could not reload the Vellum', failure);
      show(vellum);
    }
  }, [dropDraft, reload, show, vellum, retries]);

  const save = useCallback(async () => {
    if (!editMode || saving) return;
    const trimmed = title.trim();
    if (!trimmed) {
      setError(texts.titleRequired);
      return;
    }
    const sentDoc = currentDoc.current;
    const sent = currentText();
    setSaving(true);
    setError(null);
    let savedRevision: number;
    try {
      savedRevision = (await saveVellum(trimmed, sent, revision.current)).savedVellum.revision;
    } catch (failure) {
      const kind = saveFailureOf(failure);
      retries.failed(kind);
      setConflict(kind === 'conflict');
      setRecovered(false);
      if (kind === 'refused') setError(failureMessage(texts.saveFailed, failure));
      setSaving(false);
      return;
    }
    // The server holds what was sent: that is the new snapshot. The editor keeps its content (and the cursor);
    // the vellum is reloaded for its updated-on line.
    revision.current = savedRevision;
    setRecovered(retries.pending !== null);
    retries.settled();
    setConflict(false);
    forgetDraft();
    snapshotRef.current = { title: trimmed, text: sent, doc: typeof sentDoc === 'string' ? null : sentDoc };
    setSnapshot({ title: trimmed });
    compareText();
    setTitle((current) => (current === title ? trimmed : current));
    try {
      await afterSave();
    } catch (failure) {
      console.warn('Could not reload the Vellum', failure);
    } finally {
      setSaving(false);
    }
  }, [editMode, saving, title, currentText, saveVellum, retries, forgetDraft, compareText, afterSave]);
  retryRef.current = () => void save();

  /** Keep mine, after a conflict: the same edits saved over the vellum as it is now. */
  const keepMine = useCallback(async () => {
    try {
      const fresh = await reload();
      if (fresh.vellum) revision.current = fresh.vellum.revision;
    } catch (failure) {
      setError(failureMessage(texts.saveFailed, failure));
      return;
    }
    await save();
  }, [reload, save]);

  const onEditButton = useCallback(() => {
    if (!editMode) setToggle({ toggled: true, chosen: true });
    else if (unsaved) void discard();
    else setToggle({ toggled: true, chosen: false });
  }, [editMode, unsaved, discard]);

  const restoreDraft = useCallback(() => {
    if (!offered) return;
    const parsed = parseVellumText(offered.text);
    const live = editorRef.current;
    if (live) {
      loadDocument(live, parsed.doc);
      currentDoc.current = live.state.doc;
    } else currentDoc.current = serializeDocument(parsed.doc);
    compareText();
    setTitle(offered.title);
    acceptDraft();
    setToggle({ toggled: true, chosen: true });
  }, [offered, acceptDraft, compareText]);

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
    pending: retries.pending,
    offline: retries.offline,
    recovered,
    conflict,
    keepMine,
    /** Load theirs, after a conflict: Discard Changes (the other version, the edits and their draft dropped). */
    loadTheirs: discard,
    offered,
    restoreDraft,
    dropDraft,
    save,
    onEditButton,
    reload,
    /** Drops the kept draft and shows the vellum as the server holds it (after a restore from its History). */
    showServerCopy: discard,
  };
}
