const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A name checked before it is written into SQL (identifiers cannot be bound as parameters): lower-case letters,
 * digits and underscores, not starting with a digit. `kind` names it in the error ("schema", "table", "column").
 */
export function checkedIdentifier(kind: string, name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid ${kind} name "${name}"`);
  return name;
}

/** A service's schema name, checked before it is written into SQL. */
export function checkedSchema(schema: string): string {
  return checkedIdentifier('schema', schema);
}
