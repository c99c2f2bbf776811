import { useEffect, useRef } from 'react';
import { useEditor, type Editor } from '@tiptap/react';
import type { VellumDocument } from '@vellum/proto/editor';
import { editorExtensions } from './extensions';
import { EMPTY_DOCUMENT, serializeDocument } from './document';

export interface VellumEditorOptions {
  editable: boolean;
  /** The accessible name of the text box. */
  label: string;
  placeholder?: string;
  /** Called with the document as a JSON string after every change the user makes. */
  onChange?(text: string): void;
  /** The content is not the schema's (a bug, never stored data: that is validated first). */
  onContentError?(message: string): void;
  /** Called once for each editor instance, after it is mounted: the place to give it its content. */
  onReady?(editor: Editor): void;
}

/** Editors that TipTap has destroyed (it may replace an instance that was not mounted within a tick). */
const destroyed = new WeakSet<Editor>();

/**
 * One TipTap editor on the vellum schema. Answers null until an instance is live: TipTap destroys an instance
 * that was created but not mounted in time (a page still loading) and makes a new one, so the content is given
 * in `onReady`, once per instance.
 */
export function useVellumEditor(options: VellumEditorOptions): Editor | null {
  const { editable, label, placeholder } = options;
  const callbacks = useRef(options);
  callbacks.current = options;
  const attributes = (isEditable: boolean) => ({
    'aria-label': label,
    'aria-multiline': 'true',
    'aria-readonly': String(!isEditable),
    role: 'textbox',
    class: 'vellum-prose',
    spellcheck: 'true',
  });
  const editor = useEditor(
    {
      extensions: editorExtensions(placeholder),
      content: EMPTY_DOCUMENT,
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      enableContentCheck: true,
      onBeforeCreate: ({ editor: created }) => {
        created.on('destroy', () => destroyed.add(created));
      },
      onContentError: ({ error }) => callbacks.current.onContentError?.(error.message),
      onUpdate: ({ editor: current }) => callbacks.current.onChange?.(serializeDocument(current.getJSON())),
      editorProps: { attributes: attributes(editable) },
    },
    [],
  ) as Editor | null;
  const live = editor && !destroyed.has(editor) ? editor : null;

  // Through the options, which apply now or when the view mounts.
  // (An instance live at render may have been destroyed before the effects run: checked again here.)
  useEffect(() => {
    if (!live || destroyed.has(live)) return;
    live.setOptions({ editable, editorProps: { attributes: attributes(editable) } });
    // `attributes` depends on `editable` only (the label is fixed for the page).
  }, [live, editable]);

  const readyFor = useRef<Editor | null>(null);
  useEffect(() => {
    if (!live || destroyed.has(live) || readyFor.current === live) return;
    readyFor.current = live;
    callbacks.current.onReady?.(live);
  }, [live]);

  return live;
}

/**
 * Replaces the editor's content without counting it as a change, and answers the content as the editor holds it
 * (normalised by the schema): the snapshot that later text is compared with for the saved flag.
 */
export function loadDocument(editor: Editor, doc: VellumDocument): string {
  editor.commands.setContent(doc, { emitUpdate: false });
  return serializeDocument(editor.getJSON());
}
