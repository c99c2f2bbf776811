/**
 * How a failure is recorded beside what failed (an outbox row's last error, a parked event): `Name: message`, at
 * most 2,000 characters.
 */
export function storedErrorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
