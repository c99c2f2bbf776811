import type { z } from 'zod';

/** The first message of each field that fails `schema` (the messages come from @vellum/proto). */
export function fieldErrors<Field extends string>(
  schema: z.ZodType,
  values: Record<Field, string>,
): Partial<Record<Field, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function allFilled(values: Record<string, string>): boolean {
  return Object.values(values).every((value) => value.trim() !== '');
}

/**
 * A form schema's "must match" refinement runs only once every other field is valid (zod skips object
 * refinements on invalid input), so the mismatch is also checked here, with the schema's own message.
 */
export function withMismatch<Field extends string>(
  errors: Partial<Record<Field, string>>,
  values: Record<Field, string>,
  first: Field,
  repeat: Field,
  message: string,
): Partial<Record<Field, string>> {
  if (errors[repeat] === undefined && values[repeat] !== '' && values[first] !== values[repeat]) {
    return { ...errors, [repeat]: message };
  }
  return errors;
}
