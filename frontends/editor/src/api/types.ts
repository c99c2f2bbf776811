/** GET /api/cirrus/{username}: the fields the vellum pages use (spec section 3). */
export interface ViewedCirrus {
  i: string;
  username: string;
  displayName?: string;
  display_name?: string;
  image?: string | null;
}

/** POST /api/vellum-new answers with the new vellum's id (spec section 7: savedVellum.i). */
export interface SavedVellumResponse {
  savedVellum: { i: string };
}

/** A participant's vellum in a conversation. */
export interface ConversationVellum {
  i: string;
  title?: string;
  text?: string;
  last_edited?: string;
}

/** GET /messenger/{conversation}/vellum/{username} (spec section 3). */
export interface ConversationVellumResponse {
  vellum: ConversationVellum | null;
  vellumTitle?: string;
  otherParticipant?: {
    username: string;
    display_name?: string;
    displayName?: string;
    image?: string | null;
  } | null;
  otherVellum?: { conversation: string; username: string } | null;
  authorizedToView: boolean;
  authorizedToEdit: boolean;
}
