import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { CODE_BLOCK_LANGUAGES } from '@vellum/proto/editor';

/** While the cursor is in a code block: its language, for the highlighting (spec section 9's longer list). */
export function CodeLanguageSelect({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inCode: e.isActive('codeBlock'),
      language: (e.getAttributes('codeBlock').language as string | null | undefined) ?? '',
    }),
  });
  if (!state.inCode) return null;
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label="Code language"
      value={state.language}
      onChange={(event) =>
        editor
          .chain()
          .focus()
          .updateAttributes('codeBlock', { language: event.target.value || null })
          .run()
      }
    >
      <option value="">Plain text</option>
      {CODE_BLOCK_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {language}
        </option>
      ))}
    </select>
  );
}
