import { z } from 'zod';

/**
 * The error bodies of the API, one per shape a route declares (`errorShape(...)` of @vellum/platform, which writes
 * them in `errorBody`): the spec fixes the shape per call, every other route answers the platform's `{error, code}`.
 * A 500 carries an `errorId` in every shape, to find its log line.
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
