import { z } from 'zod';

/**
 * The error bodies of the API, one per shape a route declares (`errorShape(...)` of @vellum/platform, which writes
 * them in `errorBody`): the spec fixes the shape per call, every other route answers the platform's `{error, code}`.
 * A 500 carries an `errorId` in every shape, to find its log line; a 503 (a store unreachable) none.
 */
const errorId = z.string().optional();

export const errorShapeSchemas = {
  error: z.object({ error: z.string(), code: z.string(), errorId }),
  fieldErrors: z.object({
    error: z.string(),
    code: z.string(),
    /** Each refused field's first message, by the field's name (empty for an error about no one field). */
    fieldErrors: z.record(z.string(), z.string()),
    errorId,
  }),
  statusErrorMessage: z.object({ status: z.literal('Error'), errorMessage: z.string(), errorId }),
  errorMessage: z.object({ errorMessage: z.string(), errorId }),
  messages: z.object({ messages: z.array(z.string()), errorId }),
  message: z.object({ message: z.string(), errorId }),
} as const;

export type ErrorShapeName = keyof typeof errorShapeSchemas;
export const ERROR_SHAPES = Object.keys(errorShapeSchemas) as ErrorShapeName[];

/** The component name of each shape in the document. */
export const errorComponentName = (shape: ErrorShapeName) =>
  `Error_${shape.charAt(0).toUpperCase()}${shape.slice(1)}`;

/** The error answers of a route, by status (`4XX`, `5XX`: any other), and the shapes each may come in. */
export interface ErrorAnswer {
  status: string;
  description: string;
  shapes: ErrorShapeName[];
}

/**
 * A route's errors come in its declared shape, except the refusals made before the route runs, which cannot know
 * it: a body that is not JSON (400) or too large (413) is refused by the service's body parser, a state-changing
 * request from another site (403) by the gateway, both in the platform's `{error, code}`.
 */
export function errorAnswersOf(shape: ErrorShapeName): ErrorAnswer[] {
  const refused =
    'Refused (400 invalid, 401 not signed in, 403 not allowed, 404 not found, 409 conflict, 429 too many: with ' +
    `Retry-After), in this route's error shape (${shape}).`;
  const failed =
    'Failed: 500, the body carrying an errorId to find the log line; or 503 while a store the service needs cannot ' +
    'be reached, with Retry-After (seconds): try again then.';
  if (shape === 'error') {
    return [
      { status: '4XX', description: refused, shapes: ['error'] },
      { status: '5XX', description: failed, shapes: ['error'] },
    ];
  }
  return [
    {
      status: '400',
      description: `Invalid, in this route's shape (${shape}); a body that is not JSON in the platform's {error, code}.`,
      shapes: [shape, 'error'],
    },
    {
      status: '403',
      description: `Not allowed, in this route's shape (${shape}); a request from another site, refused by the gateway, in the platform's {error, code}.`,
      shapes: [shape, 'error'],
    },
    {
      status: '413',
      description: 'The body is too large (refused before the route): {error, code}.',
      shapes: ['error'],
    },
    { status: '4XX', description: refused, shapes: [shape] },
    { status: '5XX', description: failed, shapes: [shape] },
  ];
}

/** The error answer of a status among a route's (its own, else its class's). */
export function errorAnswerFor(shape: ErrorShapeName, status: number): ErrorAnswer | undefined {
  const answers = errorAnswersOf(shape);
  return (
    answers.find((a) => a.status === String(status)) ??
    answers.find((a) => a.status === `${String(status).charAt(0)}XX`)
  );
}
