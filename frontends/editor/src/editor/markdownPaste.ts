import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { looksLikeMarkdown } from '@vellum/proto/editor';

/** The event the editor's DOM fires with the notices of a Markdown paste (what was left out), for the page to show. */
export const MARKDOWN_NOTICES_EVENT = 'vellum:markdown-notices';

/**
 * Pasting Markdown inserts formatted content: when the clipboard holds plain text that looks like Markdown and no
 * HTML (a copy from a web page or the editor itself keeps its own formatting), the text is converted with the
 * contracts' converter (loaded on the first such paste) and inserted where the selection was.
 */
export const MarkdownPaste = Extension.create({
  name: 'markdownPaste',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('markdownPaste'),
        props: {
          handlePaste(view, event) {
            const data = event.clipboardData;
            if (!data || data.types.includes('text/html')) return false;
            const text = data.getData('text/plain');
            if (!looksLikeMarkdown(text)) return false;
            const { from, to } = view.state.selection;
            void import('@vellum/proto/markdown').then(({ fromMarkdown }) => {
              const read = fromMarkdown(text);
              if (editor.isDestroyed) return;
              if (!read.ok) {
                editor.chain().focus().insertContentAt({ from, to }, text).run();
                return;
              }
              editor
                .chain()
                .focus()
                .insertContentAt({ from, to }, read.doc.content ?? [])
                .run();
              if (read.notices.length) {
                view.dom.dispatchEvent(
                  new CustomEvent(MARKDOWN_NOTICES_EVENT, { bubbles: true, detail: read.notices }),
                );
              }
            });
            return true;
          },
        },
      }),
    ];
  },
});
