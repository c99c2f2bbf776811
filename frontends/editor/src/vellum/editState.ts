import { texts } from '../texts';

export interface EditToggle {
  /** The owner pressed the edit button at least once. */
  toggled: boolean;
  /** Edit mode as last chosen with the button. */
  chosen: boolean;
}

/**
 * Read-only by default; an authorised owner who has not toggled is put in edit mode (spec section 4).
 */
export function isEditMode(toggle: EditToggle, canEdit: boolean): boolean {
  if (!canEdit) return false;
  return toggle.toggled ? toggle.chosen : true;
}

/** 'Edit View' in view mode, 'Discard Changes' with unsaved changes, 'Saved' when nothing changed. */
export function editButtonLabel(editMode: boolean, unsaved: boolean): string {
  if (!editMode) return texts.editView;
  return unsaved ? texts.discardChanges : texts.saved;
}

export interface SavedFlags {
  title: boolean;
  text: boolean;
}

/**
 * Title and text each track a saved flag: false once the content differs from the loaded snapshot. The title is
 * compared here; the text as it changes (`textSaved`: the editor's document against the snapshot's, see
 * `useVellumEditing`), so that a keystroke never compares a whole document.
 */
export function savedFlags(
  snapshot: { title: string } | null,
  current: { title: string; textSaved: boolean },
): SavedFlags {
  if (!snapshot) return { title: true, text: true };
  return { title: current.title === snapshot.title, text: current.textSaved };
}
