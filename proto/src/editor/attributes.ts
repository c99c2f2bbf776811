import { CODE_BLOCK_LANGUAGES } from './languages';
import { HEADING_LEVELS } from './limits';
import { LINK_REL, LINK_TARGET } from './extensions';
import { IMAGE_PROTOCOLS, LINK_PROTOCOLS, type UrlProtocol } from './urls';

/** What one attribute may hold. An attribute that is absent takes the extension's default. */
export type AttributeRule =
  | { kind: 'string'; maxLength: number; nullable: boolean }
  | { kind: 'integer'; min: number; max: number; nullable: boolean }
  | { kind: 'boolean' }
  | { kind: 'oneOf'; values: readonly (string | number | null)[] }
  | { kind: 'url'; protocols: readonly UrlProtocol[]; message: string }
  | { kind: 'video' }
  /** A table cell's column widths: null or one whole number of pixels per spanned column. */
  | { kind: 'widths' }
  /** A video frame's size: whole pixels, or text such as '640', '640px' or '100%'. */
  | { kind: 'dimension' };

export interface NodeRule {
  attrs: Readonly<Record<string, AttributeRule>>;
  /** Inline nodes may carry marks. */
  inline?: boolean;
  /** Leaves have no `content`. */
  leaf?: boolean;
}

export interface MarkRule {
  attrs: Readonly<Record<string, AttributeRule>>;
}

export const urlMessages = {
  link: 'Links may only point to http, https or mailto addresses.',
  image: 'Images may only be loaded from http or https addresses.',
  video: 'A video must be a video link with an 11-character identifier.',
} as const;

const text = (maxLength: number) => ({ kind: 'string', maxLength, nullable: true }) as const;
const cell = {
  colspan: { kind: 'integer', min: 1, max: 100, nullable: false },
  rowspan: { kind: 'integer', min: 1, max: 1000, nullable: false },
  colwidth: { kind: 'widths' },
  align: { kind: 'oneOf', values: [null, 'left', 'center', 'right'] },
} as const;
const pixels = { kind: 'integer', min: 1, max: 10_000, nullable: true } as const;

/** The allow-list of node types and their attributes: anything not named here is refused. */
export const NODE_RULES: Readonly<Record<string, NodeRule>> = {
  doc: { attrs: {} },
  paragraph: { attrs: {} },
  text: { attrs: {}, inline: true, leaf: true },
  hardBreak: { attrs: {}, inline: true, leaf: true },
  heading: { attrs: { level: { kind: 'oneOf', values: HEADING_LEVELS } } },
  blockquote: { attrs: {} },
  codeBlock: { attrs: { language: { kind: 'oneOf', values: [null, ...CODE_BLOCK_LANGUAGES] } } },
  bulletList: { attrs: {} },
  orderedList: {
    attrs: {
      start: { kind: 'integer', min: 0, max: 1_000_000, nullable: false },
      type: { kind: 'oneOf', values: [null, '1', 'a', 'A', 'i', 'I'] },
    },
  },
  listItem: { attrs: {} },
  taskList: { attrs: {} },
  taskItem: { attrs: { checked: { kind: 'boolean' } } },
  table: { attrs: {} },
  tableRow: { attrs: {} },
  tableHeader: { attrs: cell },
  tableCell: { attrs: cell },
  image: {
    leaf: true,
    attrs: {
      src: { kind: 'url', protocols: IMAGE_PROTOCOLS, message: urlMessages.image },
      alt: text(1000),
      title: text(1000),
      width: pixels,
      height: pixels,
    },
  },
  youtube: {
    leaf: true,
    attrs: {
      src: { kind: 'video' },
      start: { kind: 'integer', min: 0, max: 1_000_000, nullable: true },
      width: { kind: 'dimension' },
      height: { kind: 'dimension' },
    },
  },
};

/** The allow-list of mark types and their attributes. */
export const MARK_RULES: Readonly<Record<string, MarkRule>> = {
  bold: { attrs: {} },
  italic: { attrs: {} },
  underline: { attrs: {} },
  code: { attrs: {} },
  link: {
    attrs: {
      href: { kind: 'url', protocols: LINK_PROTOCOLS, message: urlMessages.link },
      target: { kind: 'oneOf', values: [null, LINK_TARGET] },
      rel: { kind: 'oneOf', values: [null, LINK_REL] },
      class: { kind: 'oneOf', values: [null] },
      title: text(1000),
    },
  },
};
