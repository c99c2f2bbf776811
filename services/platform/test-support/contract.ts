import type { z } from 'zod';
import { errorAnswerFor, errorShapeSchemas, operations, type Operation } from '@vellum/proto/openapi';

// The API suites' check of every answer against the OpenAPI document's operations (@vellum/proto/openapi): the
// answer to a call of an operation must be one of its statuses with its schema, or an error in its error shape, so
// the document cannot drift from what the services answer.

let checking = false;

/** Turns the check on for this test file's TestClients (every API suite turns it on). */
export function checkAnswersAgainstTheContract(on = true): void {
  checking = on;
}

export const isCheckingAnswers = () => checking;

const matchers = operations
  .map((op) => ({
    op,
    regex: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    // A fixed path (/api/link/position) before a template that also takes it (/api/link/{usernameOrId}).
    params: (op.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The fields of a value its schema does not describe (zod drops them silently): an answer that grew a field the
 * document does not have breaks the contract too. Walks objects, arrays, records, optional and nullable values.
 */
export function undescribedFields(schema: z.ZodType, value: unknown, at = ''): string[] {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'nullable') {
    return value === undefined || value === null ? [] : undescribedFields(def.innerType!, value, at);
  }
  if (def.type === 'array' && Array.isArray(value)) {
    return value.flatMap((item, i) => undescribedFields(def.element!, item, `${at}.${i}`));
  }
  if (def.type === 'record' && value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => undescribedFields(def.valueType!, v, `${at}.${key}`));
  }
  if (def.type !== 'object' || !value || typeof value !== 'object') return [];
  const shape = def.shape!;
  return Object.entries(value).flatMap(([key, v]) =>
    shape[key] ? undescribedFields(shape[key], v, `${at}.${key}`) : [`${at}.${key}`.slice(1)],
  );
}

/** The operation a call is one of, if any (a path outside the API, a method it has not: none). */
export function operationOf(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0]!;
  return matchers.find((m) => m.op.method === method.toLowerCase() && m.regex.test(bare))?.op;
}

export interface Answered {
  status: number;
  contentType: string | null;
  location: string | null;
  body: unknown;
}

/** Why an answer breaks its operation's contract, or undefined when it keeps it (or is no operation's). */
export function contractBreach(method: string, path: string, answer: Answered): string | undefined {
  const op = operationOf(method, path);
  if (!op) return undefined;
  const where = `${method.toUpperCase()} ${path} (${op.operationId}) answered ${answer.status}`;
  const isJson = /^application\/json\b/.test(answer.contentType ?? '');
  if (answer.status >= 400) {
    if (!isJson) return `${where} with ${answer.contentType ?? 'no content type'}, not a JSON error`;
    const shapes = errorAnswerFor(op.errorShape, answer.status)?.shapes ?? [];
    return shapes.some((shape) => errorShapeSchemas[shape].safeParse(answer.body).success)
      ? undefined
      : `${where}: not its error shape ${shapes.join(' or ')}: ${JSON.stringify(answer.body)}`;
  }
  const expected = op.answers[answer.status];
  if (!expected)
    return `${where}, a status the document does not list (${Object.keys(op.answers).join(', ')})`;
  if ('redirect' in expected) return answer.location ? undefined : `${where} without a Location`;
  if ('contentType' in expected) {
    return answer.contentType?.startsWith(expected.contentType)
      ? undefined
      : `${where} with ${answer.contentType}, not ${expected.contentType}`;
  }
  if (!isJson) return `${where} with ${answer.contentType ?? 'no content type'}, not JSON`;
  const parsed = expected.json.safeParse(answer.body);
  if (parsed.success) {
    const extra = undescribedFields(expected.json, answer.body);
    return extra.length === 0
      ? undefined
      : `${where} with fields its schema does not describe: ${extra.join(', ')}`;
  }
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return `${where}, breaking its schema: ${issues}: ${JSON.stringify(answer.body).slice(0, 500)}`;
}
