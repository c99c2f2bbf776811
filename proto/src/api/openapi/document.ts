import { z } from 'zod';
import { errorAnswersOf, errorComponentName, errorShapeSchemas, ERROR_SHAPES } from './error-shapes';
import { namedSchemas, operations, type Answer, type Operation } from './operations';

/** The session cookie (express-session's, set by POST /api/signin): the API's one security scheme. */
export const SESSION_COOKIE_NAME = 'vellum.sid';
/** Its name when the site is served over https (Secure cookies): the `__Host-` prefix (platform's sessionCookieName). */
export const SECURE_SESSION_COOKIE_NAME = '__Host-vellum.sid';
const SECURITY_SCHEME = 'sessionCookie';

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A field is required only when its schema refuses to be left out: zod lists a field whose schema turns a missing
 * value into one (a vellum's `text`, an action's `priority`) as required in its input, though the call accepts it
 * missing.
 */
function requiredOnlyWhenRefusedMissing(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; shape?: Record<string, z.ZodType> } } })._zod
    .def;
  const required = ctx.jsonSchema.required;
  if (def.type !== 'object' || !def.shape || !Array.isArray(required)) return;
  const kept = required.filter((key: string) => !def.shape![key]?.safeParse(undefined).success);
  if (kept.length > 0) ctx.jsonSchema.required = kept;
  else delete ctx.jsonSchema.required;
}

/** What an OpenAPI 3.1 document needs of a JSON Schema: draft 2020-12, requests as they are sent. */
const jsonSchemaOptions = {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
  override: requiredOnlyWhenRefusedMissing,
} as const;

/**
 * A schema as a component or inline: without the dialect and id zod writes on each (the document names them), and
 * without the bounds of a safe integer zod gives every `int()` (no answer comes near them).
 */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, id: _name, ...rest } = schema;
  return JSON.parse(JSON.stringify(rest), (key, value: unknown) =>
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
      ? undefined
      : value,
  ) as JsonSchema;
}

/** The components: every named schema (referenced by name wherever it appears) and the error shapes. */
function componentSchemas(): { schemas: Record<string, JsonSchema>; nameOf: Map<z.ZodType, string> } {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.ZodType, string>();
  for (const [name, schema] of namedSchemas) {
    if (nameOf.has(schema)) throw new Error(`${name}: this schema is named ${nameOf.get(schema)} already`);
    nameOf.set(schema, name);
    registry.add(schema, { id: name });
  }
  for (const shape of ERROR_SHAPES) {
    nameOf.set(errorShapeSchemas[shape], errorComponentName(shape));
    registry.add(errorShapeSchemas[shape], { id: errorComponentName(shape) });
  }
  const { schemas } = z.toJSONSchema(registry, {
    ...jsonSchemaOptions,
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return {
    schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, withoutDialect(s)])),
    nameOf,
  };
}

function inlineSchema(schema: z.ZodType, nameOf: Map<z.ZodType, string>): JsonSchema {
  const name = nameOf.get(schema);
  if (name) return ref(name);
  return withoutDialect(z.toJSONSchema(schema, jsonSchemaOptions) as JsonSchema);
}

/** A parameter is required when its schema refuses to be left out. */
const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

function answerObject(answer: Answer, nameOf: Map<z.ZodType, string>): JsonSchema {
  if ('json' in answer) {
    return {
      description: answer.description,
      content: { 'application/json': { schema: inlineSchema(answer.json, nameOf) } },
    };
  }
  if ('redirect' in answer) {
    return {
      description: answer.description,
      headers: { Location: { description: 'Where to go.', schema: { type: 'string', format: 'uri' } } },
    };
  }
  return {
    description: answer.description,
    content: { [answer.contentType]: { schema: { type: 'string', contentMediaType: answer.contentType } } },
    ...(answer.headers && {
      headers: Object.fromEntries(
        Object.entries(answer.headers).map(([header, description]) => [
          header,
          { description, schema: { type: 'string' } },
        ]),
      ),
    }),
  };
}

const security = (op: Operation) =>
  op.auth === 'required'
    ? [{ [SECURITY_SCHEME]: [] }]
    : op.auth === 'optional'
      ? [{}, { [SECURITY_SCHEME]: [] }]
      : [];

function operationObject(op: Operation, nameOf: Map<z.ZodType, string>): JsonSchema {
  const parameters = [
    ...Object.entries(op.pathParameters ?? {}).map(([name, p]) => ({
      name,
      in: 'path',
      required: true,
      description: p.description,
      example: p.example,
      schema: p.schema ? inlineSchema(p.schema, nameOf) : { type: 'string' },
    })),
    ...Object.entries(op.query ?? {}).map(([name, q]) => ({
      name,
      in: 'query',
      required: isRequired(q.schema),
      description: `${q.description} Given at most once.`,
      schema: inlineSchema(q.schema, nameOf),
    })),
  ];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    responses[status] = answerObject(answer, nameOf);
    if (op.links && String(op.links.status) === status) {
      responses[status]!.links = Object.fromEntries(
        Object.entries(op.links.links).map(([name, link]) => [
          name,
          {
            operationId: link.operationId,
            description: link.description,
            parameters: Object.fromEntries(
              Object.entries(link.parameters).map(([param, pointer]) => [param, `$response.body#${pointer}`]),
            ),
          },
        ]),
      );
    }
  }
  for (const error of errorAnswersOf(op.errorShape)) {
    const [first, ...others] = error.shapes.map((shape) => ref(errorComponentName(shape)));
    responses[error.status] = {
      description: error.description,
      content: { 'application/json': { schema: others.length > 0 ? { anyOf: [first, ...others] } : first } },
    };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.owner],
    security: security(op),
    ...(parameters.length > 0 && { parameters }),
    ...(op.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: inlineSchema(op.body, nameOf) } },
      },
    }),
    responses,
  };
}

export interface OpenApiDocumentOptions {
  /** The version of the product that serves it (`info.version`). */
  version: string;
  /** Its public address (`servers`), if known. */
  serverUrl?: string;
}

/** The whole public API as one OpenAPI 3.1 document, built from `operations` and the zod schemas they use. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): Record<string, unknown> {
  const { schemas, nameOf } = componentSchemas();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is listed twice`);
    item[op.method] = operationObject(op, nameOf);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Vellum API',
      version: options.version,
      description:
        'Every call of the public API (the gateway routes each path to its service). Bodies are JSON; a refused ' +
        "call answers in its route's error shape. The realtime channel (socket.io under /socket.io/) is not an " +
        'HTTP operation and is not described here. A readable reference of this document: /api/reference.',
    },
    ...(options.serverUrl && { servers: [{ url: options.serverUrl }] }),
    tags: [...new Set(operations.map((op) => op.owner))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.serverUrl?.startsWith('https:') ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME,
          description:
            'The session cookie set by POST /api/signin (HttpOnly, SameSite=Lax; on an https site Secure, Path=/ ' +
            'and named with the __Host- prefix).',
        },
      },
    },
  };
}
