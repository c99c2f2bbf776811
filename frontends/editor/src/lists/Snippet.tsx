import { markedParts } from '@vellum/ui';
import type { TextSnippet } from '@vellum/proto/api';

/** Where a search found its words: the passage as text, the found words in <mark>. */
export function Snippet({ snippet }: { snippet: TextSnippet }) {
  return (
    <p className="vellum-snippet text-secondary small mb-0" data-testid="vellum-snippet">
      {markedParts(snippet.text, snippet.marks)}
    </p>
  );
}
