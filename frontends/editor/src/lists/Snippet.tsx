import type { VellumSnippet } from '@vellum/proto/api';
import { markedParts } from './markedParts';

/** Where a search found its words: the passage as text, the found words in <mark>. */
export function Snippet({ snippet }: { snippet: VellumSnippet }) {
  return (
    <p className="vellum-snippet text-secondary small mb-0" data-testid="vellum-snippet">
      {markedParts(snippet.text, snippet.marks)}
    </p>
  );
}
