/**
 * '{name} is typing…' under the history. The live region is always there (empty when nobody types), so a screen
 * reader announces the text when it appears.
 */
export function TypingIndicator({ name, typing }: { name: string; typing: boolean }) {
  return (
    <div
      data-testid="typing"
      role="status"
      aria-live="polite"
      className="small text-body-secondary fst-italic"
      style={{ minHeight: '1.5em' }}
    >
      {typing ? `${name} is typing…` : ''}
    </div>
  );
}
