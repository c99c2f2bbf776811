/** Unsaved edits of one vellum, kept in this browser while editing (issue 5: a reload or a crash loses nothing). */
export interface Draft {
  title: string;
  /** The document as a JSON string. */
  text: string;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

const PREFIX = 'vellum.draft.';

/** Per signed-in user and vellum ('new' for the new-vellum page), so two accounts in one browser never mix. */
export const draftKey = (username: string, vellumId: string) => `${PREFIX}${username}.${vellumId}`;

function isDraft(value: unknown): value is Draft {
  const draft = value as Draft | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.title === 'string' &&
    typeof draft.text === 'string' &&
    typeof draft.savedAt === 'number'
  );
}

/** Storage may be full, disabled or hold anything: every failure reads as no draft. */
export const drafts = {
  read(key: string): Draft | null {
    try {
      const raw = localStorage.getItem(key);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return isDraft(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  write(key: string, draft: Draft): void {
    try {
      localStorage.setItem(key, JSON.stringify(draft));
    } catch (error) {
      console.warn('Could not keep the unsaved edits in this browser', error);
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing kept, nothing to remove.
    }
  },
};
