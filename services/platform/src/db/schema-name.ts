const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A service's schema name, checked before it is written into SQL (identifiers cannot be bound as parameters):
 * lower-case letters, digits and underscores, not starting with a digit.
 */
export function checkedSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return schema;
}
