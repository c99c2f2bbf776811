import { vellumMessages } from '@vellum/proto/api';

/**
 * Every text of the vellum pages. The spec's (sections 2, 5 and 8) are word for word; the messages shared with the
 * vellum service come from @vellum/proto's `vellumMessages`, the rest are the screens' own labels.
 */
export const texts = {
  ...vellumMessages,
  otherVellums: 'Other Vellums',
  updatedOn: (date: string) => `Updated on ${date}`,
  vellumBy: (author: string) => `Vellum by ${author}`,
  editView: 'Edit View',
  discardChanges: 'Discard Changes',
  saved: 'Saved',
  save: 'Save',
  saveHint: 'Control + Enter to Save',
  delete: 'Delete',
  public: 'Public',
  private: 'Private',
  makePublic: 'Make Public',
  makePrivate: 'Make Private',
  scoreLevels: { bad: 'Bad', good: 'Good', excellent: 'Excellent' },
  notRatedYet: (required: number) =>
    required === 1 ? 'Not rated yet: 1 more rating needed' : `Not rated yet: ${required} more ratings needed`,
  vellumOfKnowledge: 'Vellum of Knowledge',
  // Markdown in and out (issue 18)
  importHint: 'or drop a Markdown file on this page',
  importedWithNotices: 'The Vellum was imported without what it cannot hold:',
  openImported: 'Open the imported Vellum',
  exportProgress: (files: number, total: number | null, bytes: number) =>
    `${files.toLocaleString('en-US')}${total === null ? '' : ` of ${total.toLocaleString('en-US')}`} Vellums, ${(bytes / 1024).toFixed(0)} KB`,
  createVellum: 'Create Vellum',
  myVellums: 'My Vellums',
  newVellum: 'New Vellum',
  titlePlaceholder: 'Title',
  bodyPlaceholder: 'Write your Vellum…',
  discoverVellums: 'Discover Vellums',
  byAuthor: (author: string) => `by ${author}`,
  filterPlaceholder: 'Filter by title',
  searchPlaceholder: 'Search in my Vellums',
  searchCapped: (ranked: number) =>
    `These are the best matches among the ${ranked.toLocaleString('en-US')} most recently edited Vellums that hold these words. Add a word to narrow the search.`,
  searchPublicPlaceholder: 'Search public Vellums',
  vellumsCount: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'Vellum' : 'Vellums'}`,
  columns: { visibility: 'Visibility', title: 'Title', lastEdited: 'Last Edited', updated: 'Updated' },
  moreVellums: 'More Vellums',
  backToChat: 'Back to Chat',
  conversationVellum: 'Conversation Vellum',
  backToTop: 'Back to top',
  loadFailed: 'This Vellum could not be loaded.',
  publishFailed: 'Error publishing the Vellum.',
  privateFailed: 'Error making the Vellum private.',
  discard: 'Discard',
  stay: 'Keep Editing',
  draftKept: (when: string) => `Unsaved edits of this Vellum from ${when} were kept in this browser.`,
  restore: 'Restore',
  // A save never silently lost (issue 28)
  offline: 'Offline',
  notSavedOffline:
    'Not saved yet: the server cannot be reached. Your edits are kept in this browser and will be saved when the connection returns.',
  notSavedRetrying:
    'Not saved yet: the server did not answer. Your edits are kept in this browser and saving will be tried again shortly.',
  savingAgain: 'Saving…',
  savedAfterRetry: 'Your edits are saved.',
  conflictChoice:
    'Keep mine saves your version over the other one; Load theirs shows the other version and drops your edits.',
  keepMine: 'Keep mine',
  loadTheirs: 'Load theirs',
  // History (issue 28)
  versionLabel: (date: string, size: string) => `${date}, ${size}`,
  versionHeading: (date: string) => `Version of ${date}`,
  versionsLabel: 'Versions, newest first',
  moreVersions: 'More versions',
  changesSince: 'Changes since this version',
  versionText: 'Text of this version',
  versionTextLabel: 'Text of the version',
  closeVersion: 'Close',
  restoreVersion: 'Restore',
  restoreDropsEdits: 'Your unsaved changes will be discarded.',
  noChanges: 'Nothing changed since this version.',
  titleChange: (before: string, after: string) => `Title: “${before}” → “${after}”`,
  added: 'Added',
  removed: 'Removed',
  // Toolbar
  videoModalTitle: 'Embed a Video',
  videoFrameTitle: 'Embedded video',
  videoLinkLabel: 'Video link',
  videoHelp: 'A video link such as https://www.youtube.com/watch?v=dQw4w9WgXcQ (an 11-character identifier).',
  embed: 'Embed',
  cancel: 'Cancel',
  imagePrompt: 'Image URL',
  linkLabel: 'Link URL',
  apply: 'Apply',
} as const;

export type ScoreLevelLabel = keyof typeof texts.scoreLevels;
