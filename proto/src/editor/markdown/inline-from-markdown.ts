import type { Token } from 'markdown-it';
import { LINK_REL, LINK_TARGET } from '../extensions';
import { IMAGE_PROTOCOLS, isSafeUrl, LINK_PROTOCOLS } from '../urls';
import type { VellumNode } from '../validate';
import { markdownNotices, type Notices } from './notices';
import { cleanText } from './clean-text';

type Mark = NonNullable<VellumNode['marks']>[number];
/** The schema's order of marks (ProseMirror compares mark sets in this order). */
const MARK_RANK = ['link', 'bold', 'italic', 'underline', 'code'];

const UNDERLINE_OPEN = /^<u>$/i;
const UNDERLINE_CLOSE = /^<\/u>$/i;
const BREAK = /^<br\s*\/?>$/i;

function pushText(out: VellumNode[], text: string, marks: Mark[], notices: Notices): void {
  const clean = cleanText(text, notices);
  if (clean === '') return;
  const sorted = [...marks].sort((a, b) => MARK_RANK.indexOf(a.type) - MARK_RANK.indexOf(b.type));
  const last = out.at(-1);
  if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(sorted)) {
    last.text += clean;
    return;
  }
  out.push(sorted.length ? { type: 'text', text: clean, marks: sorted } : { type: 'text', text: clean });
}

/** An image's description: the text of its label, without markup. */
const plainTextOf = (tokens: readonly Token[]): string =>
  tokens
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : plainTextOf(t.children ?? [])))
    .join('');

function imageNode(token: Token, notices: Notices): VellumNode | null {
  const src = String(token.attrGet('src') ?? '');
  if (!isSafeUrl(src, IMAGE_PROTOCOLS)) {
    notices.add(markdownNotices.unsafeImage);
    return null;
  }
  const alt = cleanText(plainTextOf(token.children ?? []), notices);
  const title = cleanText(String(token.attrGet('title') ?? ''), notices);
  return { type: 'image', attrs: { src, alt: alt || null, title: title || null, width: null, height: null } };
}

/**
 * An inline token's children as the editor's inline nodes: text with marks (bold, italic, underline through `<u>`,
 * code, safe links), hard breaks (also `<br>`) and images, which the caller lifts out into blocks of their own.
 * Strikethrough keeps its text; other HTML and unsafe links and images are dropped with a notice.
 */
export function inlineNodes(tokens: readonly Token[], notices: Notices): VellumNode[] {
  const out: VellumNode[] = [];
  const marks: Mark[] = [];
  const links: boolean[] = [];
  let underline = 0;
  // Nested emphasis (`**a **b** c**`) opens a mark twice: a text carries each mark once.
  const active = () =>
    [...marks, ...(underline > 0 ? [{ type: 'underline' }] : [])].filter(
      (m, i, all) => all.findIndex((n) => n.type === m.type) === i,
    );
  const remove = (type: string) => {
    const at = marks.findIndex((m) => m.type === type);
    if (at >= 0) marks.splice(at, 1);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        pushText(out, token.content, active(), notices);
        break;
      case 'softbreak':
        pushText(out, ' ', active(), notices);
        break;
      case 'hardbreak':
        out.push({ type: 'hardBreak' });
        break;
      case 'code_inline':
        pushText(out, token.content, [{ type: 'code' }], notices);
        break;
      case 'strong_open':
        marks.push({ type: 'bold' });
        break;
      case 'strong_close':
        remove('bold');
        break;
      case 'em_open':
        marks.push({ type: 'italic' });
        break;
      case 'em_close':
        remove('italic');
        break;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        const safe = isSafeUrl(href, LINK_PROTOCOLS) && !marks.some((m) => m.type === 'link');
        if (!isSafeUrl(href, LINK_PROTOCOLS)) notices.add(markdownNotices.unsafeLink);
        links.push(safe);
        if (safe) {
          const title = cleanText(String(token.attrGet('title') ?? ''), notices);
          marks.push({
            type: 'link',
            attrs: { href, target: LINK_TARGET, rel: LINK_REL, class: null, title: title || null },
          });
        }
        break;
      }
      case 'link_close':
        if (links.pop()) remove('link');
        break;
      case 'image': {
        const image = imageNode(token, notices);
        if (image) out.push(image);
        break;
      }
      case 'html_inline':
        if (UNDERLINE_OPEN.test(token.content)) underline++;
        else if (UNDERLINE_CLOSE.test(token.content)) underline = Math.max(0, underline - 1);
        else if (BREAK.test(token.content)) out.push({ type: 'hardBreak' });
        else notices.add(markdownNotices.html);
        break;
      default:
        // Strikethrough (s_open/s_close) and anything else: the text inside is kept, the markup is not.
        break;
    }
  }
  return out;
}
