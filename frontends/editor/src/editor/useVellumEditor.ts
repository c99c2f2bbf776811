import { useEffect, useMemo, useRef, useState } from 'react';
import { useEditor, type Editor } from '@tiptap/react';
import type { VellumDocument } from '@vellum/proto/editor';
import { editorExtensions } from './extensions';
import { EMPTY_DOCUMENT, serializeDocument } from './document';

export interface VellumEditorOptions {
  editable: boolean;
  /** The accessible name of the text box. */
  label: string;
  placeholder?: string;
  /**
   * Called after every change the user makes (not after `loadDocument`), on every keystroke: it reads what it
   * needs from the editor, cheaply (a whole document's JSON per keystroke is too slow for a long vellum).
   */
  onUpdate?(editor: Editor): void;
  /** The content is not the schema's (a bug, never stored data: that is validated first). */
  onContentError?(message: string): void;
  /** Called once for each editor instance, after it is mounted: the place to give it its content. */
  onReady?(editor: Editor): void;
}

/** Editors that TipTap has destroyed (it may replace an instance that was not mounted within a tick). */
const destroyed = new WeakSet<Editor>();

const onBeforeCreate = ({ editor: created }: { editor: Editor }) => {
  created.on('destroy', () => destroyed.add(created));
};

/**
 * One TipTap editor on the vellum schema. Answers null until an instance is live: TipTap destroys an instance
 * that was created but not mounted in time (a page still loading) and makes a new one, so the content is given
 * in `onReady`, once per instance.
 *
 * The options given to TipTap keep their identity from one render to the next (the extensions are made once, the
 * editor's props once per editable state): after each render of the page TipTap compares them with the editor's
 * and, when they differ, sets them again, which redraws the whole document.
 */
export function useVellumEditor(options: VellumEditorOptions): Editor | null {
  const { editable, label, placeholder } = options;
  const callbacks = useRef(options);
  callbacks.current = options;
  // The placeholder and the label are fixed for the page.
  const [extensions] = useState(() => editorExtensions(placeholder));
  const editorProps = useMemo(
    () => ({
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        'aria-readonly': String(!editable),
        role: 'textbox',
        class: 'vellum-prose',
        spellcheck: 'true',
      },
    }),
    [label, editable],
  );
  const [handlers] = useState(() => ({
    onContentError: ({ error }: { error: Error }) => callbacks.current.onContentError?.(error.message),
    onUpdate: ({ editor: current }: { editor: Editor }) => callbacks.current.onUpdate?.(current),
  }));
  const editor = useEditor(
    {
      extensions,
      content: EMPTY_DOCUMENT,
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      enableContentCheck: true,
      onBeforeCreate,
      ...handlers,
      editorProps,
    },
    [],
  ) as Editor | null;
  const live = editor && !destroyed.has(editor) ? editor : null;

  // Through the options, which apply now or when the view mounts.
  // (An instance live at render may have been destroyed before the effects run: checked again here.)
  useEffect(() => {
    if (!live || destroyed.has(live)) return;
    live.setOptions({ editable, editorProps });
  }, [live, editable, editorProps]);

  const readyFor = useRef<Editor | null>(null);
  useEffect(() => {
    if (!live || destroyed.has(live) || readyFor.current === live) return;
    readyFor.current = live;
    callbacks.current.onReady?.(live);
  }, [live]);

  return live;
}

/**
 * Replaces the editor's content without counting it as a change (nor as a step that undo would take back), and
 * answers the content as the editor holds it (normalised by the schema): the snapshot that later text is compared
 * with for the saved flag.
 */
export function loadDocument(editor: Editor, doc: VellumDocument): string {
  editor.chain().setMeta('addToHistory', false).setContent(doc, { emitUpdate: false }).run();
  return serializeDocument(editor.getJSON());
}
