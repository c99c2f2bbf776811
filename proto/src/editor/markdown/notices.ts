/** What an import tells the writer it left out (shown on the page, never stored). */
export const markdownNotices = {
  unsafeLink: 'A link to an address other than http, https or mailto was removed; its text was kept.',
  unsafeImage: 'An image from an address other than http or https was removed.',
  html: 'HTML other than <u> and <br> was removed.',
  controlCharacters: 'Control characters were removed.',
  rule: 'Horizontal rules were removed: a Vellum has none.',
  language: 'A code block language the editor does not offer was removed; the code was kept.',
  tooLarge: 'The Markdown file is too large (at most 1 MB).',
} as const;

/** Largest Markdown text read, in UTF-16 code units (about 1 MB of text). */
export const MAX_MARKDOWN_LENGTH = 1024 * 1024;

/** Collects notices once each, in the order they first happened. */
export class Notices {
  private readonly seen = new Set<string>();
  add(notice: string): void {
    this.seen.add(notice);
  }
  list(): string[] {
    return [...this.seen];
  }
}
