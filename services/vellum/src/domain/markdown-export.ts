import { vellumToMarkdown, markdownFileName } from '@vellum/proto/markdown';
import type { VellumDocument } from '@vellum/proto';

/** A stored vellum as its Markdown file (the body is the validated JSON text, '' for an empty vellum). */
export function markdownOf(vellum: { title: string; body: string }): string {
  const doc = vellum.body === '' ? null : (JSON.parse(vellum.body) as VellumDocument);
  return vellumToMarkdown({ title: vellum.title, doc });
}

/** File names for a list of titles, each unique: a repeated slug gets `-2`, `-3`… before `.md`. */
export function uniqueFileNames(): (title: string) => string {
  const used = new Set<string>();
  return (title) => {
    const name = markdownFileName(title);
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = name.replace(/\.md$/, `-${n}.md`);
    used.add(candidate);
    return candidate;
  };
}
