import { markdownParser } from './parser';

/** A character as CommonMark's emphasis rules see it, by markdown-it's own tables (so writer and reader agree). */
export function classify(char: string): 'space' | 'punct' | 'other' {
  const { utils } = markdownParser();
  const code = char.codePointAt(0) ?? 32;
  if (utils.isWhiteSpace(code)) return 'space';
  if (utils.isMdAsciiPunct(code) || utils.isPunctCharCode(code)) return 'punct';
  return 'other';
}
