import type { SignedCirrus } from '@vellum/ui';
import { ann } from '@vellum/ui/test-support';
import type { VellumListItem, VellumView } from '@vellum/proto/api';

export { ann, authModals, renderPage, serve } from '@vellum/ui/test-support';

export const bob: SignedCirrus = { ...ann, i: 'c-bob', username: 'bob', displayName: 'Bob', name: 'Bob' };

export const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

export function listItem(overrides: Partial<VellumListItem> = {}): VellumListItem {
  return {
    i: 'v1',
    title: 'Notes on prompts',
    last_edited: '2024-10-05T12:00:00.000Z',
    is_new: false,
    is_public: false,
    cirrus_i: ann.i,
    owned_by_cirrus: { i: ann.i, username: 'ann', display_name: 'Ann Lee' },
    ...overrides,
  };
}

export function vellumView(overrides: Partial<VellumView> = {}): VellumView {
  return {
    ...listItem(),
    text: doc('Hello world'),
    created_at: '2024-10-01T12:00:00.000Z',
    revision: 1,
    ...overrides,
  };
}

/** The answer of a save (POST /api/vellum/{id}): the vellum as stored after it. */
export const savedAnswer = (overrides: Partial<VellumView> = {}) => ({
  body: { savedVellum: vellumView({ is_new: false, revision: 2, ...overrides }) },
});
