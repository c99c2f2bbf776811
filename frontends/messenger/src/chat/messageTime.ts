/** When a message was sent, as the chat shows it ('Nov 24, 2026, 12:04 PM'). */
export const messageTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
