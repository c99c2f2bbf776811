/** When the legal texts last changed, in the long date format the product uses. */
export const LEGAL_UPDATED = 'October 1, 2024';

export function LastUpdated() {
  return <p className="text-body-secondary small">Last updated: {LEGAL_UPDATED}</p>;
}
