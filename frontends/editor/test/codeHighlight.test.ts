import { Editor, type AnyExtension } from '@tiptap/core';
import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import { HIGHLIGHT_PLUGIN_KEY } from '../src/editor/codeHighlight';
import { editorExtensions } from '../src/editor/extensions';
import { lowlight } from '../src/editor/lowlight';

const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const code = (language: string | null, text: string) => ({
  type: 'codeBlock',
  attrs: { language },
  content: [{ type: 'text', text }],
});
const content = {
  type: 'doc',
  content: [
    p('Intro'),
    code('typescript', 'const answer: number = 42;'),
    p('Between'),
    { type: 'blockquote', content: [code(null, 'def f(x):\n    return "x"')] },
    p('print("a")'),
  ],
};

/** The editor's extensions, or the same with TipTap's own highlighting code block in place of ours. */
function editor(tiptaps: boolean): Editor {
  const extensions: AnyExtension[] = editorExtensions().map((extension) =>
    tiptaps && extension.name === 'codeBlock'
      ? (CodeBlockLowlight.configure({ lowlight, defaultLanguage: null }) as AnyExtension)
      : extension,
  );
  return new Editor({ element: document.createElement('div'), extensions, content });
}

const pluginKeys = (instance: Editor) =>
  instance.state.plugins.map((plugin) => (plugin as unknown as { key: string }).key);

describe('code block highlighting', () => {
  it('replaces the lowlight plugin of CodeBlockLowlight with one that works on the changed blocks only', () => {
    const ours = editor(false);
    const keys = pluginKeys(ours);
    expect(keys.filter((key) => key.startsWith(HIGHLIGHT_PLUGIN_KEY))).toHaveLength(1);
    expect(keys.filter((key) => key.startsWith('lowlight$'))).toEqual([]);
    ours.destroy();
  });

  it('renders exactly what CodeBlockLowlight renders, through edits in and around code blocks and undo', () => {
    const ours = editor(false);
    const theirs = editor(true);
    const both = (edit: (instance: Editor) => unknown) => {
      edit(ours);
      edit(theirs);
      expect(ours.view.dom.innerHTML).toBe(theirs.view.dom.innerHTML);
    };
    const inCode = (instance: Editor, index: number) => {
      let at = 0;
      let seen = 0;
      instance.state.doc.descendants((node, pos) => {
        if (node.type.name === 'codeBlock' && seen++ === index) at = pos + 3;
        return at === 0;
      });
      return at;
    };
    both(() => undefined);
    expect(ours.view.dom.querySelector('pre .hljs-keyword')?.textContent).toBe('const');
    both((e) => e.chain().setTextSelection(3).insertContent('xy').run());
    both((e) => e.chain().setTextSelection(inCode(e, 0)).insertContent(' let s = "text"; ').run());
    both((e) => e.chain().setTextSelection(inCode(e, 1)).insertContent('class A: pass\n').run());
    both((e) =>
      e.chain().setTextSelection(inCode(e, 0)).updateAttributes('codeBlock', { language: 'python' }).run(),
    );
    both((e) =>
      e
        .chain()
        .setTextSelection(e.state.doc.content.size - 2)
        .toggleCodeBlock()
        .run(),
    );
    both((e) => {
      const first = e.state.doc.child(1);
      const start = e.state.doc.child(0).nodeSize;
      return e.commands.deleteRange({ from: start, to: start + first.nodeSize });
    });
    both((e) => e.commands.undo());
    both((e) => e.commands.undo());
    both((e) => e.chain().setTextSelection(inCode(e, 0)).insertContent('\n').run());
    // A code block turned back into a paragraph, a paragraph joined into a code block, new content.
    both((e) => e.chain().setTextSelection(inCode(e, 1)).toggleCodeBlock().run());
    both((e) => {
      const start = e.state.doc.child(0).nodeSize + e.state.doc.child(1).nodeSize + 1;
      return e.chain().setTextSelection(start).joinBackward().run();
    });
    both((e) => e.commands.setContent(content));
    ours.destroy();
    theirs.destroy();
  });
});
