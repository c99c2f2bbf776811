import { texts } from '../texts';

/** The public (globe) or private (lock) icon of a list row. */
export function VisibilityIcon({ isPublic }: { isPublic: boolean }) {
  const label = isPublic ? texts.public : texts.private;
  return (
    <svg role="img" aria-label={label} width="16" height="16" viewBox="0 0 16 16" className="text-secondary">
      <title>{label}</title>
      {isPublic ? (
        <path
          fill="currentColor"
          d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm5.9 7.5h-2.4a12 12 0 0 0-.9-4.6 6.5 6.5 0 0 1 3.3 4.6ZM8 1.5c.7 0 1.9 2 2 6H6c.1-4 1.3-6 2-6ZM5.4 2.9a12 12 0 0 0-.9 4.6H2.1a6.5 6.5 0 0 1 3.3-4.6ZM2.1 8.5h2.4c.1 1.8.4 3.4.9 4.6a6.5 6.5 0 0 1-3.3-4.6ZM8 14.5c-.7 0-1.9-2-2-6h4c-.1 4-1.3 6-2 6Zm2.6-1.4c.5-1.2.8-2.8.9-4.6h2.4a6.5 6.5 0 0 1-3.3 4.6Z"
        />
      ) : (
        <path
          fill="currentColor"
          d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z"
        />
      )}
    </svg>
  );
}
