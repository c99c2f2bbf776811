import { z } from 'zod';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates `env` against `schema`; throws one readable line naming the first bad variable. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.length ? String(issue.path[0]) : '(environment)';
  const value = issue.path.length ? env[String(issue.path[0])] : undefined;
  const why = value === undefined || value === '' ? 'is missing' : `is invalid (${issue.message})`;
  throw new ConfigError(`Environment variable ${name} ${why}.`);
}

/** For `main.ts`: on a bad environment print one line naming the variable and exit 1. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
