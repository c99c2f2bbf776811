import type { Token } from 'markdown-it';
import { CODE_BLOCK_LANGUAGES } from '../languages';
import { validateVellumDocument, type VellumDocument, type VellumNode } from '../validate';
import { cleanText } from './clean-text';
import { inlineNodes } from './inline-from-markdown';
import { markdownNotices, MAX_MARKDOWN_LENGTH, Notices } from './notices';
import { markdownParser } from './parser';
import { VIDEO_LINK_TEXT, videoOfLink } from './video-link';

export type MarkdownImport =
  { ok: true; doc: VellumDocument; notices: string[] } | { ok: false; message: string; notices: string[] };

/** Names people give languages in fences, for the languages the editor offers. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  golang: 'go',
  py: 'python',
  rb: 'ruby',
  ts: 'typescript',
  yml: 'yaml',
  html: 'xml',
  svg: 'xml',
  docker: 'dockerfile',
  css: 'scss',
};

const paragraph = (content: VellumNode[]): VellumNode =>
  content.length ? { type: 'paragraph', content } : { type: 'paragraph' };

/** A paragraph that is exactly an exported video link. */
function videoOf(content: VellumNode[]): VellumNode | null {
  const [only] = content;
  const link = only?.marks?.length === 1 ? only.marks[0] : undefined;
  if (content.length !== 1 || only?.text !== VIDEO_LINK_TEXT || link?.type !== 'link' || link.attrs?.title)
    return null;
  const video = videoOfLink(String(link.attrs?.href));
  return video ? { type: 'youtube', attrs: { ...video, width: 640, height: 480 } } : null;
}

const isBlank = (node: VellumNode) => node.type === 'text' && node.text?.trim() === '';

/**
 * Inline content as blocks: a line (between hard breaks) that is only an image or a video link becomes that block;
 * the other lines in a row make one paragraph, their hard breaks kept. An image inside a line of text is lifted
 * out after it.
 */
function inlineBlocks(content: VellumNode[], keepEmpty: boolean): VellumNode[] {
  const lines: VellumNode[][] = [[]];
  for (const node of content) {
    if (node.type === 'hardBreak') lines.push([]);
    else lines.at(-1)!.push(node);
  }
  const blocks: VellumNode[] = [];
  let text: VellumNode[] | null = null;
  for (const line of lines) {
    const images = line.filter((n) => n.type === 'image');
    const rest = line.filter((n) => n.type !== 'image');
    const video = videoOf(rest);
    if ((images.length && rest.every(isBlank)) || (video && !images.length)) {
      text = null;
      blocks.push(...(video ? [video] : images));
      continue;
    }
    if (text) text.push({ type: 'hardBreak' }, ...rest);
    else blocks.push({ type: 'paragraph', content: (text = [...rest]) });
    if (images.length) {
      blocks.push(...images);
      text = null;
    }
  }
  for (const block of blocks)
    if (block.type === 'paragraph' && block.content?.length === 0) delete block.content;
  const kept = keepEmpty ? blocks : blocks.filter((b) => b.type !== 'paragraph' || b.content);
  return kept;
}

function languageOf(info: string, notices: Notices): string | null {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (name === '') return null;
  const language = LANGUAGE_ALIASES[name] ?? name;
  if ((CODE_BLOCK_LANGUAGES as readonly string[]).includes(language)) return language;
  notices.add(markdownNotices.language);
  return null;
}

function alignOf(token: Token): string | null {
  const style = String(token.attrGet('style') ?? '');
  const match = /text-align:(left|center|right)/.exec(style);
  return match ? match[1]! : null;
}

/** Reads tokens from `start` up to the closing token of the same nesting: the blocks in between. */
class BlockReader {
  constructor(
    private readonly tokens: Token[],
    private readonly notices: Notices,
  ) {}

  /** Blocks from `i` until a token of type `until`; returns them and the index after it. */
  blocks(i: number, until: string | null): [VellumNode[], number] {
    const out: VellumNode[] = [];
    while (i < this.tokens.length && this.tokens[i]!.type !== until) {
      const [nodes, next] = this.block(i);
      out.push(...nodes);
      i = next;
    }
    return [out, i + 1];
  }

  private inline(token: Token | undefined): VellumNode[] {
    return inlineNodes(token?.children ?? [], this.notices);
  }

  private block(i: number): [VellumNode[], number] {
    const token = this.tokens[i]!;
    switch (token.type) {
      case 'paragraph_open':
        return [inlineBlocks(this.inline(this.tokens[i + 1]), false), i + 3];
      case 'heading_open': {
        // Images in a heading are lifted out after it.
        const inline = this.inline(this.tokens[i + 1]);
        const content = inline.filter((n) => n.type !== 'image');
        const heading: VellumNode = {
          type: 'heading',
          attrs: { level: Math.min(3, Number(token.tag.slice(1))) },
        };
        if (content.length) heading.content = content;
        return [[heading, ...inline.filter((n) => n.type === 'image')], i + 3];
      }
      case 'blockquote_open': {
        const [content, next] = this.blocks(i + 1, 'blockquote_close');
        return [[{ type: 'blockquote', content: content.length ? content : [paragraph([])] }], next];
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(i);
      case 'fence':
      case 'code_block': {
        const text = cleanText(token.content.replace(/\n$/, ''), this.notices);
        const language = token.type === 'fence' ? languageOf(token.info, this.notices) : null;
        const node: VellumNode = { type: 'codeBlock', attrs: { language } };
        if (text) node.content = [{ type: 'text', text }];
        return [[node], i + 1];
      }
      case 'table_open':
        return this.table(i);
      case 'hr':
        this.notices.add(markdownNotices.rule);
        return [[], i + 1];
      case 'html_block':
        this.notices.add(markdownNotices.html);
        return [[], i + 1];
      default:
        return [[], i + 1];
    }
  }

  private list(i: number): [VellumNode[], number] {
    const open = this.tokens[i]!;
    const closing = open.type === 'bullet_list_open' ? 'bullet_list_close' : 'ordered_list_close';
    const items: VellumNode[] = [];
    let task = open.type === 'bullet_list_open';
    let j = i + 1;
    while (this.tokens[j]!.type !== closing) {
      const item = this.tokens[j]!;
      const [content, next] = this.blocks(j + 1, 'list_item_close');
      if (content[0]?.type !== 'paragraph') content.unshift(paragraph([]));
      const checked = (item.meta as { checked?: boolean } | null)?.checked;
      if (checked === undefined) task = false;
      items.push({ type: 'listItem', attrs: { checked: checked ?? false }, content });
      j = next;
    }
    if (task) {
      for (const item of items) item.type = 'taskItem';
      return [[{ type: 'taskList', content: items }], j + 1];
    }
    for (const item of items) delete item.attrs;
    if (open.type === 'bullet_list_open') return [[{ type: 'bulletList', content: items }], j + 1];
    const start = Math.min(1_000_000, Number(open.attrGet('start') ?? 1));
    return [[{ type: 'orderedList', attrs: { start, type: null }, content: items }], j + 1];
  }

  private table(i: number): [VellumNode[], number] {
    const rows: VellumNode[] = [];
    let j = i + 1;
    while (this.tokens[j]!.type !== 'table_close') {
      const token = this.tokens[j]!;
      if (token.type === 'tr_open') rows.push({ type: 'tableRow', content: [] });
      if (token.type === 'th_open' || token.type === 'td_open') {
        const content = inlineBlocks(this.inline(this.tokens[j + 1]), true);
        rows.at(-1)!.content!.push({
          type: token.type === 'th_open' ? 'tableHeader' : 'tableCell',
          attrs: { colspan: 1, rowspan: 1, colwidth: null, align: alignOf(token) },
          content: content.length ? content : [paragraph([])],
        });
      }
      j++;
    }
    return [[{ type: 'table', content: rows }], j + 1];
  }
}

/**
 * A vellum document from GitHub-flavoured Markdown, checked by the same validator as every saved document. What
 * the editor cannot hold (other HTML, unsafe links and images, horizontal rules, control characters) is dropped and
 * listed in `notices`; a document the validator still refuses (too large, nested too deeply) is `ok: false` with
 * its message.
 */
export function fromMarkdown(text: string): MarkdownImport {
  const notices = new Notices();
  if (text.length > MAX_MARKDOWN_LENGTH) return { ok: false, message: markdownNotices.tooLarge, notices: [] };
  let tokens: Token[];
  try {
    tokens = markdownParser().parse(text, {});
  } catch {
    return { ok: false, message: markdownNotices.tooLarge, notices: [] };
  }
  const [content] = new BlockReader(tokens, notices).blocks(0, null);
  const doc = { type: 'doc', content: content.length ? content : [paragraph([])] };
  const checked = validateVellumDocument(doc);
  return checked.ok
    ? { ok: true, doc: checked.doc, notices: notices.list() }
    : { ok: false, message: checked.message, notices: notices.list() };
}
