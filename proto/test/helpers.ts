import type { z } from 'zod';
import { firstMessage } from '@vellum/proto';

/** The parsed value; fails the test with the first message when the input is refused. */
export function accepts<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected ${JSON.stringify(input)} to pass, got: ${firstMessage(result.error)}`);
  return result.data;
}

/** The first message for a refused input; fails the test when the input is accepted. */
export function refuses(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success)
    throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.data)}`);
  return firstMessage(result.error);
}

/** Every issue as `path: message`, in order. */
export function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

export const repeat = (char: string, n: number) => char.repeat(n);
