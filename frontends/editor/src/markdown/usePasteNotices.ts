import { useEffect } from 'react';
import type { Editor } from '@tiptap/react';
import { useToast } from '@vellum/ui';
import { MARKDOWN_NOTICES_EVENT } from '../editor/markdownPaste';

/** Shows what a Markdown paste left out (unsafe links, HTML…) as a toast. */
export function usePasteNotices(editor: Editor | null): void {
  const toast = useToast();
  useEffect(() => {
    const dom = editor?.isDestroyed === false ? editor.view.dom : null;
    if (!dom) return;
    const show = (event: Event) => {
      for (const notice of (event as CustomEvent<string[]>).detail) toast.show(notice, 'info');
    };
    dom.addEventListener(MARKDOWN_NOTICES_EVENT, show);
    return () => dom.removeEventListener(MARKDOWN_NOTICES_EVENT, show);
  }, [editor, toast]);
}
