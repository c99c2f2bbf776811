import type { VellumAuthorView } from '@vellum/proto/api';

/** Display name, else username (spec section 2: 'Vellum by {author}'). */
export function authorName(author: Pick<VellumAuthorView, 'display_name' | 'username'> | null | undefined) {
  return author?.display_name?.trim() || author?.username || '';
}
