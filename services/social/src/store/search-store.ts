import type { Queryable } from '@vellum/platform';
import { searchPatterns, SUBSTRING_MIN } from '../domain/search-patterns';

export interface SearchRow {
  username: string;
  display_name: string;
}

/**
 * People search over verified cirri, case-insensitive, in three ranked steps, each stopping once `limit` people
 * are found:
 *   1. usernames that start with the text (the exact username first: byte order puts a prefix before its
 *      extensions);
 *   2. display names that start with it;
 *   3. names that contain it elsewhere (only from SUBSTRING_MIN characters on), shorter usernames first.
 * Steps 1 and 2 walk the btree pattern indexes in order and stop after `limit` rows; step 3 uses the trigram
 * index on the `search` column.
 */
export async function searchDirectory(q: Queryable, query: string, limit: number): Promise<SearchRow[]> {
  const { prefix, substring } = searchPatterns(query);
  const found: SearchRow[] = [];
  const more = () => limit - found.length;

  const { rows: usernames } = await q.query<SearchRow>(
    `SELECT username, display_name FROM social.cirri
      WHERE verified AND lower(username) LIKE $1
      ORDER BY lower(username) USING ~<~ LIMIT $2`,
    [prefix, limit],
  );
  found.push(...usernames);
  if (more() <= 0) return found;

  const { rows: displayNames } = await q.query<SearchRow>(
    `SELECT username, display_name FROM social.cirri
      WHERE verified AND lower(display_name) LIKE $1 AND lower(username) NOT LIKE $1
      ORDER BY lower(display_name) USING ~<~, lower(username) LIMIT $2`,
    [prefix, more()],
  );
  found.push(...displayNames);
  if (more() <= 0 || query.length < SUBSTRING_MIN) return found;

  const { rows: elsewhere } = await q.query<SearchRow>(
    `SELECT username, display_name FROM social.cirri
      WHERE verified AND search LIKE $1
        AND lower(username) NOT LIKE $2 AND lower(display_name) NOT LIKE $2
      ORDER BY length(username), lower(username) LIMIT $3`,
    [substring, prefix, more()],
  );
  found.push(...elsewhere);
  return found;
}
