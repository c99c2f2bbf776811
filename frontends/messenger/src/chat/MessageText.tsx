import { linkify } from './linkify';

/** A message's plain text, lines kept; safe web addresses open in a new tab. Never parsed as HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <span className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
