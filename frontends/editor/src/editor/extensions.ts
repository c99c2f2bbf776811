import type { AnyExtension, Node } from '@tiptap/core';
import { Dropcursor, Gapcursor, Placeholder, UndoRedo } from '@tiptap/extensions';
import { vellumExtensions, type VellumExtensionOverrides } from '@vellum/proto/editor';
import { texts } from '../texts';
import { HighlightedCodeBlock } from './codeHighlight';
import { lowlight } from './lowlight';
import { MarkdownPaste } from './markdownPaste';
import './commands';

/**
 * The editor's extensions: the vellum document schema from @vellum/proto (the one the service validates against),
 * with the code block highlighted (same name and attributes; `codeHighlight.ts`), plus client-only behaviour that adds no node, mark
 * or attribute: undo/redo, drop and gap cursors, the placeholder, pasting Markdown as formatted content.
 *
 * The casts only bridge two declaration flavours of the same @tiptap/core (proto's are read as CommonJS); the
 * bundle holds one copy.
 */
export function editorExtensions(placeholder = ''): AnyExtension[] {
  const codeBlock = HighlightedCodeBlock.configure({ lowlight, defaultLanguage: null });
  const schema = vellumExtensions({
    codeBlock: codeBlock as unknown as VellumExtensionOverrides['codeBlock'],
  }) as unknown as AnyExtension[];
  return [
    ...schema.map(accessible),
    UndoRedo,
    Dropcursor,
    Gapcursor,
    Placeholder.configure({ placeholder }),
    MarkdownPaste,
  ];
}

/**
 * What the rendered HTML needs for assistive technology, and no more: the rendering options of two extensions (no
 * node attribute's name, type or default changes, so the schema stays the service's). An image without its own alt
 * text is rendered as decorative (alt=""); a video frame gets a title.
 */
function accessible(extension: AnyExtension): AnyExtension {
  if (extension.name === 'image') {
    return (extension as Node).extend({
      addAttributes() {
        const parent = (this.parent?.() ?? {}) as Record<string, Record<string, unknown>>;
        return {
          ...parent,
          alt: {
            ...parent.alt,
            renderHTML: (attributes: { alt?: string | null }) => ({ alt: attributes.alt ?? '' }),
          },
        };
      },
    });
  }
  if (extension.name === 'youtube')
    return extension.configure({ HTMLAttributes: { title: texts.videoFrameTitle } });
  return extension;
}
