/**
 * Markdown in and out of a vellum document (GitHub-flavoured Markdown, read with markdown-it). Pure: no DOM, used
 * by the vellum service (export) and the editor remote (import, paste), which loads it lazily.
 *
 * What each node becomes:
 * - paragraphs; headings 1–3 as `#`…`###` (4–6 read back as 3); blockquotes `> `; hard breaks as `<br>` (a heading
 *   or table cell holds one line, so everywhere alike);
 * - bold `**`, italic `_`, underline `<u>…</u>`, inline code in backticks, links `[text](href "title")`;
 * - bullet lists `-`, ordered lists `1.` (from their start), task lists `- [ ]` / `- [x]`, nested to any depth;
 *   two lists of the same kind in a row alternate `-`/`*` and `.`/`)` so they stay two lists;
 * - code blocks fenced with backticks and their language (CRLF ends become LF);
 * - tables in GFM with the first row as the header row and the column's alignment from that row;
 * - images `![alt](src "title")` on a line of their own; video embeds as a link `[Video](https://www.youtube.com/
 *   watch?v=ID&t=S)`, which reads back as the video (any other link stays a link).
 *
 * Text is escaped so it reads back as the same characters: Markdown punctuation with backslashes, line breaks and
 * spaces at a line's edges as character references (`&#10;`, `&#32;`), and a letter beside an emphasis delimiter
 * that CommonMark's flanking rules would otherwise not let open or close as a character reference too. Whitespace
 * at the edges of bold or italic is written outside it. So export → import → export gives the same bytes.
 *
 * What Markdown cannot hold degrades, the same way every time:
 * - merged table cells: the merged cell's content in its first (top left) cell, the cells it spanned empty; column
 *   widths and per-cell alignment other than the header row's are lost; a table with no header row gets its first
 *   row as the header; a cell's blocks become one line (paragraphs and images joined by `<br>`, lists, quotes and
 *   code as their text);
 * - empty paragraphs are left out; image sizes, video sizes and the ordered list's numbering style are lost.
 *
 * Import: raw HTML other than `<u>` and `<br>`, links that are not http/https/mailto, images that are not
 * http/https, horizontal rules and control characters are dropped and reported in `notices` (the page shows them;
 * nothing of them is stored); the document then passes `validateVellumDocument` like every other.
 */
export { toMarkdown } from './to-markdown';
export { fromMarkdown, type MarkdownImport } from './from-markdown';
export {
  vellumToMarkdown,
  markdownToVellum,
  markdownFileName,
  titleOf,
  type VellumImport,
} from './vellum-file';
export { markdownNotices, MAX_MARKDOWN_LENGTH } from './notices';
