import { getSchema, type AnyExtension } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { Image } from '@tiptap/extension-image';
import { Italic } from '@tiptap/extension-italic';
import { Link } from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList, TaskItem, TaskList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Youtube } from '@tiptap/extension-youtube';
import { HEADING_LEVELS } from './limits';
import { isSafeUrl, LINK_PROTOCOLS } from './urls';

/** What links render with: a new tab (spec section 2), without giving the opened page a handle on ours. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer nofollow';

export interface VellumExtensionOverrides {
  /**
   * The code block extension. The editor passes `CodeBlockLowlight` (it extends `CodeBlock` with highlighting and
   * keeps its name and `language` attribute), so the schema stays the one the service validates against.
   */
  codeBlock?: AnyExtension;
}

/**
 * The vellum document schema: every node and mark the editor's toolbar can make (spec section 2), no React.
 * Used by the editor remote (with its client-only extensions added: history, placeholder, highlighting) and by the
 * vellum service, which builds the ProseMirror schema from it once and checks every written document against it.
 */
export function vellumExtensions(overrides: VellumExtensionOverrides = {}): AnyExtension[] {
  return [
    Document,
    Paragraph,
    Text,
    HardBreak,
    Bold,
    Italic,
    Underline,
    Code,
    overrides.codeBlock ?? CodeBlock,
    Heading.configure({ levels: [...HEADING_LEVELS] }),
    Blockquote,
    BulletList,
    OrderedList,
    ListItem,
    TaskList,
    TaskItem.configure({ nested: true }),
    Table,
    TableRow,
    TableHeader,
    TableCell,
    Image.configure({ inline: false, allowBase64: false }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: [],
      HTMLAttributes: { target: LINK_TARGET, rel: LINK_REL },
      isAllowedUri: (url) => isSafeUrl(url, LINK_PROTOCOLS),
    }),
    Youtube.configure({ nocookie: true, inline: false }),
  ];
}

let schema: Schema | undefined;

/** The ProseMirror schema of `vellumExtensions()`, built once. */
export function vellumSchema(): Schema {
  schema ??= getSchema(vellumExtensions());
  return schema;
}
