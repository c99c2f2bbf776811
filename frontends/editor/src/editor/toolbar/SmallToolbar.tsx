import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { StickyBar } from './StickyBar';
import { ToolbarButton } from './ToolbarButton';

/** Marks and lists: the new-vellum page's toolbar (spec section 2) and the first group of the full one. */
export function BasicTools({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      orderedList: e.isActive('orderedList'),
      bulletList: e.isActive('bulletList'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="btn-group" role="group" aria-label="Text">
      <ToolbarButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </ToolbarButton>
      <ToolbarButton
        label="Underline"
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <u>U</u>
      </ToolbarButton>
      <ToolbarButton
        label="Ordered list"
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1.
      </ToolbarButton>
      <ToolbarButton
        label="Bullet list"
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        •
      </ToolbarButton>
    </div>
  );
}

/** The new-vellum page's toolbar: bold, italic, underline, ordered and bullet lists. */
export function SmallToolbar({ editor }: { editor: Editor }) {
  return (
    <StickyBar label="Formatting">
      <BasicTools editor={editor} />
    </StickyBar>
  );
}
