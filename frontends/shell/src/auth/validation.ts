// Each field's first message for a whole form: `fieldErrors` of @vellum/ui (the hook `useForm` uses it).
export { fieldErrors } from '@vellum/ui/core';

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
