import { Alert } from '@vellum/ui';

/** The page's dismissible error alert (spec section 2). */
export function ErrorAlert({ message, onClose }: { message: string | null; onClose(): void }) {
  if (!message) return null;
  return (
    <Alert variant="danger" dismissible onClose={onClose} className="my-3" data-testid="vellum-error">
      {message.split('\n').map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
