import type { ReactNode } from 'react';
import type { VellumSnippet } from '@vellum/proto/api';

/**
 * Where a search found its words: the passage as text, the found words in <mark>. Built as React elements from
 * the ranges (never markup from the server): a range out of order or out of the text is skipped.
 */
export function Snippet({ snippet }: { snippet: VellumSnippet }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of snippet.marks) {
    if (start < at || end <= start || end > snippet.text.length) continue;
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return (
    <p className="vellum-snippet text-secondary small mb-0" data-testid="vellum-snippet">
      {parts}
    </p>
  );
}
