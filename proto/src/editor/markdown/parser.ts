import MarkdownIt, { type StateCore, type MarkdownIt as Parser } from 'markdown-it';

/** A task item's marker at the start of a list item's first paragraph: `[ ] `, `[x] ` or `[X] `. */
const TASK_MARKER = /^\[([ xX])\](?: |$)/;

/**
 * Before inline parsing, a list item whose first paragraph starts with a task marker loses the marker and is tagged
 * `meta.checked` (markdown-it has no task lists of its own). An escaped `\[ \]` does not match, so a list item whose
 * text starts with brackets stays a list item.
 */
function taskItems(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    const item = tokens[i]!;
    const paragraph = tokens[i + 1]!;
    const inline = tokens[i + 2]!;
    if (item.type !== 'list_item_open' || paragraph.type !== 'paragraph_open' || inline.type !== 'inline')
      continue;
    const marker = TASK_MARKER.exec(inline.content);
    if (!marker) continue;
    item.meta = { ...(item.meta as object), checked: marker[1] !== ' ' };
    inline.content = inline.content.slice(marker[0].length);
  }
}

let parser: Parser | undefined;

/**
 * GitHub-flavoured Markdown as we read it: CommonMark with tables and strikethrough, raw HTML tokenised (so that
 * `<u>` and `<br>` are understood and everything else can be dropped with a notice), no autolinking of bare text, no
 * typographic replacements. URLs are taken as written (no percent-encoding or punycode) and judged by the
 * document's own `isSafeUrl` afterwards, so that an exported address comes back byte for byte.
 */
export function markdownParser(): Parser {
  if (parser) return parser;
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.core.ruler.before('inline', 'vellum_task_items', taskItems);
  parser = md;
  return md;
}
