// The Hall's texts (ours, in the spec's voice): each section's heading, empty state, error and full-page link.
export const hallTexts = {
  recent: {
    heading: 'Recently edited',
    empty: 'No Vellums yet.',
    error: 'Your Vellums could not be loaded.',
    more: 'My Vellums',
  },
  actions: {
    heading: 'Open Actions',
    empty: 'No Actions yet.',
    error: 'Your Actions could not be loaded.',
    more: 'My Actions',
  },
  conversations: {
    heading: 'Unread conversations',
    empty: 'No unread conversations.',
    error: 'Your conversations could not be loaded.',
    more: 'Messenger',
  },
  followed: {
    heading: 'From the Cirri you follow',
    empty: 'No public Vellums from the Cirri you follow yet.',
    error: 'The Vellums of the Cirri you follow could not be loaded.',
    more: 'Discover Vellums',
  },
  newVellum: 'New Vellum',
  untitled: 'Untitled',
  loading: (heading: string) => `Loading ${heading}…`,
  requestedBy: (name: string) => `Requested by ${name}`,
  unread: (count: number) => `${count.toLocaleString('en-US')} unread`,
} as const;

/** A date as the lists show it: 'March 4, 2026'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
