import { UUID_PATTERN, type AdminColumn } from '@vellum/proto';

/** How a column sorts: the SQL expression of `analytics.cirri` and the type its cursor value is cast back to. */
export interface SortKey {
  expr: string;
  type: 'text' | 'uuid' | 'integer' | 'timestamptz';
}

/** Each column of the admin tables as a sort key; every one has an index on (expression, id). */
export const sortKeys: Record<AdminColumn, SortKey> = {
  email: { expr: 'email', type: 'text' },
  i: { expr: 'id', type: 'uuid' },
  username: { expr: 'username', type: 'text' },
  first_name: { expr: 'first_name', type: 'text' },
  last_name: { expr: 'last_name', type: 'text' },
  // Never signed in sorts as the oldest session.
  last_session: { expr: `coalesce(last_session, '-infinity'::timestamptz)`, type: 'timestamptz' },
  vellums: { expr: 'vellums', type: 'integer' },
  actions: { expr: 'actions', type: 'integer' },
  created: { expr: 'created', type: 'timestamptz' },
};

/** What a cursor's key may look like for each type: anything else is refused before it reaches a cast. */
export const keyPatterns: Record<SortKey['type'], RegExp> = {
  text: /^[^\0]{0,300}$/,
  uuid: UUID_PATTERN,
  integer: /^\d{1,10}$/,
  timestamptz: /^(-infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)$/,
};
