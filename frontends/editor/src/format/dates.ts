const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** The spec's long date format, e.g. 'October 5, 2024'; an unreadable date shows as given. */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', LONG_DATE);
}

/** A moment with its time, for the kept-draft notice: 'October 5, 2024, 3:04 PM'. */
export function longDateTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString('en-US', { ...LONG_DATE, hour: 'numeric', minute: '2-digit' });
}
