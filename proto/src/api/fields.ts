import { z } from 'zod';
import { CONTROL_CHARACTERS, hasControlCharacter } from '../text/control-characters';
import { validationMessages as messages } from './messages';

export interface TextFieldOptions {
  /**
   * Trim surrounding whitespace before anything else is checked (inputs are trimmed, except passwords: spec
   * section 5). A tab or line break at either end is then trimmed away rather than refused.
   */
  trim?: boolean;
  /** The control characters the field keeps (CONTROL_CHARACTERS); by default none: single-line text. */
  keepControls?: string;
}

/**
 * A string field: a missing or null value gets `requiredMessage`, any other non-string (number, array, object) is
 * refused with '<label> must be text.', and a control character the field does not keep with '<label> cannot
 * contain control characters.' before any other check, so the field says exactly what is wrong (and U+0000 never
 * reaches Postgres, which refuses it).
 */
export function textField(label: string, requiredMessage: string, options: TextFieldOptions = {}) {
  const { trim = false, keepControls = CONTROL_CHARACTERS.singleLine } = options;
  const text = z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? requiredMessage : messages.notText(label),
  });
  return (trim ? text.trim() : text).refine((value) => !hasControlCharacter(value, keepControls), {
    error: messages.controlCharacters(label),
    abort: true,
  });
}

/**
 * A whole number in a query string (`?limit=`, `?days=`): absent → `defaultValue`; otherwise digits only, 1 to `max`;
 * anything else (a sign, a decimal point, an exponent, spaces, an empty value) is refused with `message`.
 */
export function wholeNumberField(message: string, defaultValue: number, max: number) {
  return z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number({ error: message }).min(1, message).max(max, message))
    .optional()
    .transform((value) => value ?? defaultValue);
}

/** A request body: anything but a JSON object is refused. Unknown keys are dropped. */
export function requestBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: messages.requestNotObject });
}

/** The first human message of a failed parse, for answers that show one message (spec section 7). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is invalid.';
}

/**
 * The first message of each field of a failed parse, by the field's name (the top-level key of the body): the
 * answer of a form's call that says, under each field, why it was refused. Issues about the body as a whole (not
 * a JSON object) name no field and are left out.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fields[field] === undefined) fields[field] = issue.message;
  }
  return fields;
}

/** True when A and B are the same type (each assignable to the other). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * An answer's zod schema, checked at compile time to describe exactly its TypeScript type `T`:
 * `answerSchema<ActionView>()(z.object({…}))` fails to compile (an argument of type `never` is missing) when the
 * schema's output and the type differ. The schemas describe the answers in the OpenAPI document and check them in
 * the API suites; the types stay what the services and frontends use.
 */
export const answerSchema =
  <T>() =>
  <S extends z.ZodType>(schema: S, ..._exact: SameType<z.output<S>, T> extends true ? [] : [never]): S =>
    schema;
