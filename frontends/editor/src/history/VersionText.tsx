import { EditorContent } from '@tiptap/react';
import { parseVellumText } from '../editor/document';
import { loadDocument, useVellumEditor } from '../editor/useVellumEditor';
import { texts } from '../texts';

/** A version's document, read-only, in the vellum's own editor (TipTap builds the DOM node by node: no HTML). */
export function VersionText({ text }: { text: string }) {
  const editor = useVellumEditor({
    editable: false,
    label: texts.versionTextLabel,
    onReady: (instance) => void loadDocument(instance, parseVellumText(text).doc),
  });
  return <EditorContent editor={editor} className="vellum-editor version-text" />;
}
