import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { lowlight as vellumLowlight } from './lowlight';

type Lowlight = typeof vellumLowlight;

/** The name of the highlighting plugin's key. */
export const HIGHLIGHT_PLUGIN_KEY = 'vellumCodeHighlight';
type HastNode = ReturnType<Lowlight['highlight']>['children'][number];

/** The highlighted pieces of a code block's text, each with the classes of the elements around it. */
function pieces(nodes: readonly HastNode[], classes: string[] = []): { text: string; classes: string[] }[] {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return [{ text: node.value, classes }];
    if (node.type !== 'element') return [];
    const own = node.properties.className;
    return pieces(node.children, Array.isArray(own) ? [...classes, ...own.map(String)] : classes);
  });
}

/** The highlighting of one code block at `pos`: its language, else the language lowlight finds. */
function blockDecorations(
  node: ProseMirrorNode,
  pos: number,
  lowlight: Lowlight,
  defaultLanguage: string | null,
): Decoration[] {
  const language = (node.attrs.language as string | null) || defaultLanguage;
  const tree =
    language && lowlight.registered(language)
      ? lowlight.highlight(language, node.textContent)
      : lowlight.highlightAuto(node.textContent);
  const decorations: Decoration[] = [];
  let from = pos + 1;
  for (const piece of pieces(tree.children)) {
    const to = from + piece.text.length;
    if (piece.classes.length)
      decorations.push(Decoration.inline(from, to, { class: piece.classes.join(' ') }));
    from = to;
  }
  return decorations;
}

/** The ranges of the new document that a transaction replaced, widened by one position on each side. */
function changedRanges(tr: Transaction): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  tr.mapping.maps.forEach((map, index) => {
    const after = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = after.map(newStart, -1);
      const to = after.map(newEnd, 1);
      ranges.push({ from: Math.max(0, from - 1), to: Math.min(tr.doc.content.size, to + 1) });
    });
  });
  return ranges;
}

/**
 * The highlighting of code blocks as decorations, worked out again only for the code blocks a change touches.
 * (The plugin of `CodeBlockLowlight` looks for every code block of both documents on each transaction, a
 * selection change included, and highlights them all again whenever the cursor is in one: in a long vellum,
 * every keystroke paid for the whole document.)
 */
function highlightPlugin(name: string, lowlight: Lowlight, defaultLanguage: string | null): Plugin {
  const highlight = (doc: ProseMirrorNode, set: DecorationSet, from: number, to: number) => {
    let result = set;
    doc.nodesBetween(from, to, (node, pos) => {
      if (node.type.name !== name) {
        if (!node.isTextblock) return true;
        // A text block that is no (longer a) code block has no highlighting.
        result = result.remove(result.find(pos, pos + node.nodeSize));
        return false;
      }
      result = result
        .remove(result.find(pos, pos + node.nodeSize))
        .add(doc, blockDecorations(node, pos, lowlight, defaultLanguage));
      return false;
    });
    return result;
  };
  const key = new PluginKey<DecorationSet>(HIGHLIGHT_PLUGIN_KEY);
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_config, { doc }) => highlight(doc, DecorationSet.empty, 0, doc.content.size),
      apply: (tr, set) => {
        if (!tr.docChanged) return set;
        let result = set.map(tr.mapping, tr.doc);
        for (const { from, to } of changedRanges(tr)) result = highlight(tr.doc, result, from, to);
        return result;
      },
    },
    props: { decorations: (state) => key.getState(state) },
  });
}

/** `CodeBlockLowlight` (same node, options and rendering) with the highlighting plugin above in place of its own. */
export const HighlightedCodeBlock = CodeBlockLowlight.extend({
  addProseMirrorPlugins() {
    // A plugin's key is its key's name and '$' (ProseMirror's `Plugin.key`, not in its types).
    const inherited = (this.parent?.() ?? []).filter(
      (plugin) => !(plugin as unknown as { key: string }).key.startsWith('lowlight$'),
    );
    const options = this.options as { lowlight: Lowlight; defaultLanguage?: string | null };
    return [...inherited, highlightPlugin(this.name, options.lowlight, options.defaultLanguage ?? null)];
  },
});
