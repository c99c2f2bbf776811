import type { ReactNode } from 'react';
import type { TextSnippet } from '@vellum/proto/api';

/**
 * A text with its found words in <mark>, built as React elements from the ranges (never markup from the server): a
 * range out of order or out of the text is skipped. A search's snippet (`TextSnippet`) of a vellum or a message.
 */
export function markedParts(text: string, marks: TextSnippet['marks']): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
