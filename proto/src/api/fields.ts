import { z } from 'zod';
import { validationMessages as messages } from './messages';

/**
 * A string field: a missing or null value gets `requiredMessage`, any other non-string (number, array, object) is
 * refused with '<label> must be text.'.
 */
export function textField(label: string, requiredMessage: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? requiredMessage : messages.notText(label),
  });
}

/** A request body: anything but a JSON object is refused. Unknown keys are dropped. */
export function requestBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: messages.requestNotObject });
}

/** The first human message of a failed parse, for answers that show one message (spec section 7). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is invalid.';
}
