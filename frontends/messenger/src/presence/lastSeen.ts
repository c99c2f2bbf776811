/**
 * 'last seen just now', '… 5 minutes ago', '… 3 hours ago', '… yesterday', or the date: how chat tools say when a
 * person was last around, in the reader's own time zone.
 */
export function lastSeenText(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'last seen just now';
  if (minutes < 60) return `last seen ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `last seen ${hours} hour${hours === 1 ? '' : 's'} ago`;
  if (hours < 48) return 'last seen yesterday';
  return `last seen ${new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' })}`;
}
