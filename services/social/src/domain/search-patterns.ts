/**
 * Substring matches need a query this long: a trigram index cannot narrow a shorter one (it would read every
 * cirrus), and one or two letters found in the middle of names are noise for a typeahead anyway.
 */
export const SUBSTRING_MIN = 3;

/** Makes user text literal inside a LIKE pattern (whose escape character is the backslash by default). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The LIKE patterns of one search, lower-cased (the indexes are on lower-cased names): names that start with the
 * text rank first, names that merely contain it come after them.
 */
export function searchPatterns(query: string): { prefix: string; substring: string } {
  const literal = likeLiteral(query.toLowerCase());
  return { prefix: `${literal}%`, substring: `%${literal}%` };
}
